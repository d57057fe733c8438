# SPDX-License-Identifier: MIT
"""Unit tests of osweep's experiment file parser and matrix expansion."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "sim", "sweep"))
import expfile  # noqa: E402


def parse_text(text):
    with tempfile.NamedTemporaryFile("w", suffix=".exp", delete=False) as f:
        f.write(text)
    try:
        return expfile.parse(f.name)
    finally:
        os.unlink(f.name)


class ExpFileTest(unittest.TestCase):
    def test_base_applies_before_variant(self):
        exp = parse_text("[workloads]\nshell\n[base]\nset a.b=1\n[variant v]\nset a.b=2\n")
        (v,) = expfile.expand_variants(exp)
        self.assertEqual(v.sets, [("a.b", "1"), ("a.b", "2")])

    def test_sweep_product_and_names(self):
        exp = parse_text("[workloads]\nw\n[variant v]\nsweep a.b=1,2\nsweep c.d=x,y,z\n")
        names = [v.name for v in expfile.expand_variants(exp)]
        self.assertEqual(len(names), 6)
        self.assertEqual(names[0], "v[a.b=1,c.d=x]")
        self.assertEqual(names[-1], "v[a.b=2,c.d=z]")

    def test_kernel_inherited_from_base(self):
        exp = parse_text("[workloads]\nw\n[base]\nkernel priv\n[variant a]\n"
                         "[variant b]\nkernel swpf LAYOUT=seq\n")
        a, b = expfile.expand_variants(exp)
        self.assertEqual(a.kernel, ["priv"])
        self.assertEqual(b.kernel, ["swpf", "LAYOUT=seq"])

    def test_matrix_order_and_default_preset(self):
        exp = parse_text("[workloads]\nw1\nw2\n[variant a]\n[variant b]\n")
        ids = [p.ident for p in expfile.expand(exp)]
        self.assertEqual(ids, ["default/a/w1", "default/a/w2", "default/b/w1", "default/b/w2"])
        self.assertEqual(exp.baseline, "a")

    def test_bare_program_workload(self):
        exp = parse_text("[workloads]\nx = elf a.elf disk b.img\n[variant a]\n")
        self.assertEqual(exp.workloads, [("x", {"elf": "a.elf", "disk": "b.img"})])

    def test_combine_merges_labelled_variants(self):
        exp = parse_text("[workloads]\nw\n[variant a]\nset x.a=1\nkernel priv\ngroup I\n"
                         "area A\n[variant b]\nset x.b=2\nkernel swpf priv\ngroup I\n"
                         "area B\n[variant c]\nset x.c=3\ngroup D\n"
                         "[variant both]\ncombine I\nset x.z=9\n")
        both = expfile.expand_variants(exp)[-1]
        self.assertEqual(both.sets, [("x.a", "1"), ("x.b", "2"), ("x.z", "9")])
        self.assertEqual(both.kernel, ["priv", "swpf"])
        self.assertEqual(exp.variants[-1].area, ["A", "B"])

    def test_combine_refuses_conflicts_and_empty_groups(self):
        with self.assertRaises(expfile.ExpError) as cm:
            parse_text("[workloads]\nw\n[variant a]\nset x.a=1\ngroup I\n"
                       "[variant b]\nset x.a=2\ngroup I\n[variant c]\ncombine I\n")
        self.assertIn("set x.a to 1 and 2", str(cm.exception))
        with self.assertRaises(expfile.ExpError) as cm:
            parse_text("[workloads]\nw\n[variant a]\n[variant c]\ncombine Q\n")
        self.assertIn("no variant has the group(s) Q", str(cm.exception))

    def test_errors_name_the_line(self):
        cases = [
            ("[workloads]\nw\n[variant a]\nfrob x\n", ":4: unknown line 'frob'"),
            ("[workloads]\nw\n[variant a]\n[variant a]\n", ":4: variant 'a' defined twice"),
            ("[workloads]\nw\nw\n[variant a]\n", ":3: workload 'w' listed twice"),
            ("set a.b=1\n", ":1: text before the first section"),
            ("[workloads]\nw\n[variant a]\nsweep a.b=1,1\n", ":4: 'sweep a.b=1,1'"),
            ("[experiment]\ntimeout = 0\n", ":2: timeout"),
            ("[experiment]\nbaseline = z\n[workloads]\nw\n[variant a]\n", "baseline 'z'"),
            ("[workloads]\nw\n", "no variants"),
            ("[workloads]\nx = disk a\n[variant a]\n", "expected NAME = elf PATH"),
        ]
        for text, msg in cases:
            with self.subTest(text=text):
                with self.assertRaises(expfile.ExpError) as cm:
                    parse_text(text)
                self.assertIn(msg, str(cm.exception))


if __name__ == "__main__":
    unittest.main()
