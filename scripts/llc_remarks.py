"""The kernel-resource-usage remark llc prints (`-pass-remarks-analysis=kernel-resource-usage`), as a dict
of its `key: value` lines (`VGPRs`, `AGPRs`, `TotalSGPRs`, `LDS Size [bytes/block]`,
`Occupancy [waves/SIMD]`, ...). Shared by scripts/gen-occupancy-levels.py and scripts/bless-lit.py."""

import re


def remarks(text):
    out = {}
    for line in text.splitlines():
        m = re.match(r"remark: \S+:\d+:\d+:\s+(.+?): (\S+)$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out
