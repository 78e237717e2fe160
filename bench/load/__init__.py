"""The load generator of ``bench.bench_server``, split by concept.

- :mod:`.think` — think-time distributions (``0``, ``exp:3``, ``lognormal:3`` …);
- :mod:`.servers` — the server under test: starting it, and its processes' CPU and memory
  read from ``/proc`` (every process of its tree, so several workers count together);
- :mod:`.players` — one room's three people on their own WebSockets;
- :mod:`.client` — a client process: many rooms on one event loop, driven by commands;
- :mod:`.ramp` — the run: the echo baseline, then rooms added in steps, each step measured.
"""
