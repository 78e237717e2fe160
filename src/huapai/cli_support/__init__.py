"""The parts of the ``huapai`` command line, one module per concept.

``setup`` turns command-line options into a game, rules and bots; ``render`` holds the
renderer registry (a game's terminal view, with a generic fallback); ``play``,
``simulate``, ``replay``, ``rules_view`` and ``calculators`` are the commands' bodies;
``stats`` the numbers ``simulate`` reports. Everything here drives games only through the
protocol of :mod:`huapai.core.protocol`.
"""
