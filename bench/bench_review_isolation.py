"""What a 复盘分析 running on the server costs a live room: round trips over a local TCP
echo in the server's kind of event loop (what a WebSocket message waits for), measured
with no review, with a review's search in a thread of the server's process (as reviews
ran before) and with it in a process of its own (as ``huapai.server.reviews`` runs it).
The peer is the same loop with no review, in the same run: ratios, not timings.

    .venv/bin/python bench/bench_review_isolation.py [--seconds 6] [--level 高手]

Plays a 双别杆 deal of heuristic bots first and reviews its seat 0.
"""

from __future__ import annotations

import asyncio
import statistics
import threading
import time

from bench import args as cli
from huapai.bots.registry import make_bot
from huapai.bots.review import review
from huapai.bots.search import BUDGETS
from huapai.core.match import Match
from huapai.core.record import dumps, parse, replay_deal
from huapai.core.registry import get_game
from huapai.server.reviews import Job, Running, _run


async def _round_trips(seconds: float) -> list[float]:
    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while data := await reader.read(100):
            writer.write(data)
            await writer.drain()

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    waits: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        writer.write(b"x" * 50)
        await writer.drain()
        await reader.read(100)
        waits.append(time.perf_counter() - start)
        await asyncio.sleep(0.002)
    writer.close()
    await writer.wait_closed()
    server.close()
    await server.wait_closed()
    return sorted(waits)


def _measure(seconds: float) -> tuple[int, float, float]:
    waits = asyncio.run(_round_trips(seconds))
    return len(waits), statistics.median(waits) * 1e3, waits[int(len(waits) * 0.99)] * 1e3


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--seconds", type=cli.seconds, default=6.0,
                        help="seconds measured per case")
    parser.add_argument("--level", default="高手", help="review level")
    args = parser.parse_args()
    game = get_game("biegan")
    rules = game.rules("gongan")
    match = Match(game, rules, 1, 5)
    match.play([make_bot("heuristic", game, rules, s, s) for s in range(game.num_seats(rules))])
    _, deals = parse(dumps(match.record.lines()))
    rows = {"no review": _measure(args.seconds)}
    running = Running()
    job = Job("bench", "bench", 0, args.level)
    threading.Thread(target=_run, args=(job, deals[0], 1, running), daemon=True).start()
    time.sleep(2.0)  # the process is started and searching
    rows["review in a process"] = _measure(args.seconds)
    still = job.status == "running"  # each measured while its review searched
    running.stop()
    replayed = replay_deal(deals[0])
    thread = threading.Thread(target=review, args=([replayed], 0, BUDGETS[args.level], 1),
                              daemon=True)
    thread.start()
    time.sleep(0.5)
    rows["review in a thread"] = _measure(args.seconds)
    still = still and thread.is_alive()
    base = rows["no review"]
    print(f"{'':22} {'round trips':>11} {'median ms':>10} {'p99 ms':>8} {'p99 ÷ none':>10}")
    for name, (n, median, p99) in rows.items():
        print(f"{name:22} {n:>11} {median:>10.3f} {p99:>8.3f} {p99 / base[2]:>9.1f}×")
    if not still:
        print("a review ended before its measure did: give a longer --level or fewer --seconds")


if __name__ == "__main__":
    main()
