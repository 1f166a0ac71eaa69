"""The sweep on Ray against the one-machine sweep, the same workload side by side in one run (issue 30).

    target/pyvenv/bin/python crates/wavebudget-python/benches/sweep_ray.py [--kernels 60] [--workers 1,2]

The workload: a module of ``--kernels`` accumulator loops (8 to 160 floats live, as
``tests/lit/Inputs/pressure.ll``'s: ``wavebudget_testkit::kernels::accumulator_module``), gfx942, baseline
+ W=1..8. For each N in ``--workers``:
``wavebudget sweep --jobs N`` (one process, N threads), then a local Ray cluster started here with N
worker CPUs (``ray start --head --num-cpus=N``) and ``wavebudget.sweep(..., cluster=...)`` on it. Each
Ray ladder is first checked equal to the one-machine ladder. Prints wall seconds, compiles per second
and, from the per-compile cost (1 job) and the per-shard overhead measured here, what a cluster of M
nodes of C cores would take.
"""

import argparse
import json
import os
import pathlib
import socket
import subprocess
import sys
import tempfile
import time

import wavebudget
from wavebudget import cluster as wbc

from _release import require_release

require_release()

REPO = pathlib.Path(__file__).resolve().parents[3]
CLI = os.environ.get("WAVEBUDGET_CLI") or str(REPO / "target" / "release" / "wavebudget")
RAY = str(pathlib.Path(sys.executable).parent / "ray")


def module(kernels: int) -> str:
    """The workload's IR: ``wavebudget_testkit::kernels::accumulator_module``, printed by its example."""
    return subprocess.run(["cargo", "run", "-q", "-p", "wavebudget-testkit", "--example", "gen_pressure", "--",
                           "--kernels", str(kernels)], cwd=REPO, check=True, capture_output=True, text=True).stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_machine(path: str, jobs: int):
    t = time.perf_counter()
    out = subprocess.run([CLI, "sweep", "--json", "--jobs", str(jobs), "--waves", "1..8", path],
                         check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - t, json.loads(out)


def on_ray(path: str, workers: int, tmp: str):
    """(wall seconds of the sweep call, seconds after connecting, stats, ladder) on a fresh local cluster."""
    import ray

    port = free_port()
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
    subprocess.run([RAY, "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}", f"--num-cpus={workers}",
                    "--include-dashboard=false", f"--temp-dir={tmp}/ray{workers}", "--disable-usage-stats"],
                   check=True, capture_output=True, env=env)
    try:
        t = time.perf_counter()
        files, _ = wbc._read([path])
        ladder, errors, stats = wbc._sweep_ray(files, ["--waves", "1..8"], f"127.0.0.1:{port}", CLI, False)
        wall = time.perf_counter() - t
        assert not errors, errors
        return wall, stats, ladder
    finally:
        ray.shutdown()
        subprocess.run([RAY, "stop", "--force"], capture_output=True, env=env)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernels", type=int, default=60)
    ap.add_argument("--workers", default=",".join(str(n) for n in sorted({1, 2, os.cpu_count() or 2})))
    a = ap.parse_args()
    workers = [int(w) for w in a.workers.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.ll")
        pathlib.Path(path).write_text(module(a.kernels))
        compiles = a.kernels * 9
        print(f"{a.kernels} kernels, gfx942, baseline + W=1..8 = {compiles} compiles; {CLI}; {os.cpu_count()} cores")
        rows = []
        serial = None
        for n in workers:
            local_s, local = one_machine(path, n)
            if n == 1:
                serial = local_s
            ray_wall, stats, ladder = on_ray(path, n, tmp)
            assert ladder == local, "the Ray ladder differs from the one-machine ladder"
            rows.append((n, local_s, ray_wall, stats))
        print("| workers | one machine, --jobs N | Ray, N worker processes (connected) | Ray / one machine | shards | compiles/s on Ray |")
        print("|---|---|---|---|---|---|")
        for n, local_s, ray_wall, stats in rows:
            print(f"| {n} | {local_s:.2f} s | {ray_wall:.2f} s ({stats['seconds']:.2f} s) | {ray_wall / local_s:.2f}x | "
                  f"{stats['shards']} | {compiles / ray_wall:.1f} |")
        if serial is not None:
            per_compile = serial / compiles
            # Overhead per shard: what Ray's time on N workers has beyond the compiles spread over N.
            overheads = [(s["seconds"] - compiles * per_compile / n) * n / s["shards"] for n, _, w, s in rows]
            overhead = max(0.0, sorted(overheads)[len(overheads) // 2])
            # Connecting to the cluster and starting the first workers, once per sweep.
            connect = max(w - s["seconds"] for _, _, w, s in rows)
            print(f"\nper compile (1 job): {per_compile * 1e3:.1f} ms; per shard on Ray: {overhead * 1e3:.0f} ms; "
                  f"connecting: {connect:.1f} s")
            print("estimated for 1e6 compiles (shards of about 4 per core):")
            print("| nodes x cores | compiles | shards | estimate |")
            print("|---|---|---|---|")
            for nodes, cores in ((1, 16), (8, 16), (32, 64)):
                c = nodes * cores
                shards = 4 * c
                est = 1e6 * per_compile / c + shards * overhead / c + connect
                print(f"| {nodes} x {cores} | 1,000,000 | {shards} | {est / 60:.1f} min |")


if __name__ == "__main__":
    main()
