"""``huapai serve`` under cProfile, switched on and off from outside, counting CPU time.

``python -m bench.load.profiled OUT serve ARGS…`` runs the CLI with a profiler on the
event loop's thread that is off until SIGUSR1 and is written to ``OUT`` (pstats format)
at SIGUSR2, so a profile covers only a measuring window of the load generator
(``bench.bench_server --profile OUT``). The profiler's clock is the thread's CPU time, so
time spent waiting (for the GIL, for the socket) is not counted as the function's.
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time
from types import FrameType


def main() -> None:
    out, args = sys.argv[1], sys.argv[2:]
    profile = cProfile.Profile(time.thread_time)

    def start(_signum: int, _frame: FrameType | None) -> None:
        profile.enable()

    def stop(_signum: int, _frame: FrameType | None) -> None:
        profile.disable()
        profile.dump_stats(out)

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    from huapai.cli import main as cli

    sys.argv = ["huapai", *args]
    cli()


if __name__ == "__main__":
    main()
