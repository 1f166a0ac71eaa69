#!/usr/bin/env python3
"""Turn the H200 timing set (tests/data/nvidia/h200: triton-timing.json, triton-timing-run2.json and the
NVPTX IR in triton-llir-all.tar.xz, made by nv_timing.py on the H200) into `wavebudget advise` candidates:
one JSON-lines file per kernel (matmul, softmax, stencil), each line a config with what Triton knew after
compiling it and `measured`, the mean of the two runs in ms.

    python3 scripts/h200-candidates.py OUT_DIR [DATA_DIR]
    wavebudget advise --target H200 OUT_DIR/matmul.jsonl
"""
import json, os, sys, tarfile

out = sys.argv[1]
data = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.realpath(__file__)), '..', 'crates', 'wavebudget-cli', 'tests', 'data', 'nvidia', 'h200')
os.makedirs(os.path.join(out, 'llir'), exist_ok=True)
with tarfile.open(os.path.join(data, 'triton-llir-all.tar.xz')) as t:
    for m in t.getmembers():
        if m.isfile() and '/' not in m.name and m.name.endswith('.ll'):
            with open(os.path.join(out, 'llir', m.name), 'wb') as f:
                f.write(t.extractfile(m).read())
run1 = json.load(open(os.path.join(data, 'triton-timing.json')))['rows']
run2 = json.load(open(os.path.join(data, 'triton-timing-run2.json')))['rows']
files = {}
for a, b in zip(run1, run2):
    if 'ms' not in a:
        continue  # failed to compile on the H200: out of shared memory, or a ptxas error
    assert a['llir'] == b['llir'] and a['cfg'] == b['cfg'], (a['llir'], b['llir'])
    rec = dict(name=a['llir'][:-3], ir=os.path.join('llir', a['llir']), registers=a['n_regs'], spills=a['n_spills'],
               shared=a['shared'], num_warps=a['num_warps'], grid=a['grid'], config=a['cfg'],
               measured=(a['ms'] + b['ms']) / 2)
    files.setdefault(a['kind'], []).append(rec)
for kind, recs in files.items():
    with open(os.path.join(out, kind + '.jsonl'), 'w') as f:
        for r in recs:
            f.write(json.dumps(r) + '\n')
    print(f'{kind}: {len(recs)} candidates -> {os.path.join(out, kind + ".jsonl")}')
