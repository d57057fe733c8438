# SPDX-License-Identifier: MIT
"""Unit tests of the study report's noise floor (experiments/report.py): the
baseline's reruns in group `noise` give a band of OS speedups per workload
and for the geometric mean; a support's speedup within the band's spread is
marked, and the reruns are no support (not in the speedup rows, the
ranking, the slowdowns or the plots' variants)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "experiments"))
import report  # noqa: E402

WORKLOADS = ("w1", "w2")


def results(speedups):
    """A results document: @speedups maps a variant to (groups, its OS
    speedup on each workload); the rows carry what the tested parts read."""
    variants, rows = [], []
    for name, (groups, per_workload) in speedups.items():
        sets = [["mem.jitter", "4"], ["sys.seed", name[-1]]] if "noise" in groups else []
        kernel = [f"KERNEL_PAD={name[-1]}"] if "noise" in groups else []
        variants.append({"name": name, "groups": groups.split(), "area": [], "sets": sets,
                         "kernel": kernel})
        for w, s in zip(WORKLOADS, per_workload):
            rows.append({"preset": "default", "variant": name, "workload": w,
                         "groups": groups, "status": "ok", "os_speedup": s,
                         "os_cycles": round(1e6 / s)})
    return {"experiment": "t", "baseline": "base", "variants": variants, "rows": rows}


def study(speedups):
    return report.Study(results(speedups), {})


class NoiseFloorTest(unittest.TestCase):
    SPEEDUPS = {
        "base": ("", (1.0, 1.0)),
        "big": ("D alone", (1.10, 1.08)),
        "small": ("I alone", (1.005, 1.09)),
        "noise-1": ("noise", (1.01, 0.995)),
        "noise-2": ("noise", (0.99, 1.002)),
    }

    def test_the_reruns_are_no_support(self):
        st = study(self.SPEEDUPS)
        self.assertEqual(st.variants, ["base", "big", "small"])
        self.assertEqual(st.noise, ["noise-1", "noise-2"])
        ranked = [v for _, v, _, _ in report.ranking(st, "default")[0]]
        self.assertNotIn("noise-1", ranked)

    def test_band_spans_the_reruns(self):
        st = study(self.SPEEDUPS)
        self.assertEqual(st.noise_band("default", "w1"), (0.99, 1.01))
        self.assertEqual(st.noise_band("default", "w2"), (0.995, 1.002))
        lo, hi = st.noise_band("default")
        self.assertAlmostEqual(lo, (0.99 * 1.002) ** 0.5)
        self.assertAlmostEqual(hi, (1.01 * 0.995) ** 0.5)
        # reruns all slower than the baseline (the jitter's mean): their own spread
        below = dict(self.SPEEDUPS, **{"noise-1": ("noise", (0.97, 0.98)),
                                       "noise-2": ("noise", (0.98, 0.99))})
        self.assertEqual(study(below).noise_band("default", "w1"), (0.97, 0.98))
        self.assertTrue(study(below).within_noise("default", 1.008, "w1"))
        self.assertFalse(study(below).within_noise("default", 1.012, "w1"))

    def test_within_noise_is_no_more_than_the_spread_from_one(self):
        st = study(self.SPEEDUPS)
        self.assertTrue(st.within_noise("default", 1.005, "w1"))    # spread 0.02
        self.assertTrue(st.within_noise("default", 0.98, "w1"))
        self.assertFalse(st.within_noise("default", 1.021, "w1"))
        self.assertFalse(st.within_noise("default", 1.009, "w2"))   # spread 0.007

    def test_table_marks_the_speedups_within_the_noise(self):
        table = report.speedup_table(study(self.SPEEDUPS), "default")
        self.assertIn("| big | 1.100 | 1.080 | **", table)
        self.assertIn("| small | *1.005* | 1.090 |", table)
        self.assertIn("| noise (2 reruns) | 0.990 – 1.010 | 0.995 – 1.002 |", table)
        self.assertNotIn("| noise-1 |", table)

    def test_ranking_says_which_gains_rise_above_the_noise(self):
        speedups = dict(self.SPEEDUPS, small=("I alone", (1.004, 1.0)))
        text = report.ranking_text(study(speedups), "default")
        self.assertRegex(text, r"\| big \|.* yes \|")
        self.assertRegex(text, r"\| small \|.* no \|")

    def test_the_text_names_the_perturbation_and_the_spreads(self):
        text = report.noise_text(study(self.SPEEDUPS), "default")
        self.assertIn("2 times", text)
        self.assertIn("`mem.jitter` 4", text)
        self.assertIn("`sys.seed` 1, 2", text)
        self.assertIn("the kernel built otherwise (`KERNEL_PAD=1`, `KERNEL_PAD=2`)", text)
        self.assertIn("w1 2.0, w2 0.7 points", text)

    def test_without_reruns_nothing_changes(self):
        speedups = {k: v for k, v in self.SPEEDUPS.items() if not k.startswith("noise")}
        st = study(speedups)
        self.assertIsNone(st.noise_band("default"))
        self.assertFalse(st.within_noise("default", 1.0001))
        table = report.speedup_table(st, "default")
        self.assertIn("| small | 1.005 | 1.090 | **", table)
        self.assertNotIn("noise", table)
        self.assertEqual(report.noise_text(st, "default"), "")
        self.assertNotIn("beyond the noise", report.ranking_text(st, "default"))


if __name__ == "__main__":
    unittest.main()
