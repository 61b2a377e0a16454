#!/usr/bin/python3
"""Tests of bench/strategies/model.py: the formulas on hand-computed cases, the engine's
bytes against figures measured by the engine (docs/engine.md and the strategies runs), the
planner's split, the fits. Standard library only, nothing started:

    /usr/bin/python3 -m unittest bench/strategies/test_model.py      (from the repository root)

Not registered in CMake."""
import json
import math
import os
import sqlite3
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model as M  # noqa: E402


class RingFormulas(unittest.TestCase):
    def test_ring_allreduce_time(self):
        # 2(N−1)/N · S / bw + 2(N−1)·α; S = 100 MB, bw = 100 MB/s, α = 1 ms
        self.assertAlmostEqual(M.ring_allreduce_time(100e6, 2, 100e6, 1e-3), 1.0 + 0.002)
        self.assertAlmostEqual(M.ring_allreduce_time(100e6, 4, 100e6, 1e-3), 1.5 + 0.006)
        self.assertEqual(M.ring_allreduce_time(100e6, 1, 100e6, 1e-3), 0.0)

    def test_gather_and_reduce_scatter_time(self):
        self.assertAlmostEqual(M.ring_allgather_time(100e6, 4, 100e6, 1e-3), 0.75 + 0.003)
        self.assertAlmostEqual(M.reduce_scatter_time(100e6, 4, 100e6, 1e-3), 0.75 + 0.001)

    def test_sent_bytes_as_the_engine_counts(self):
        self.assertEqual(M.ring_allreduce_sent(9640, 4), 14460)       # 2·3·9640/4
        self.assertEqual(M.ring_allreduce_sent(48, 3), 64)            # integer division
        self.assertEqual(M.ring_allgather_sent(2080, 4), 6240)
        self.assertEqual(M.alltoall_chunk(8320, 4), 2080)

    def test_parse_rate(self):
        self.assertEqual(M.parse_rate("332524kbit"), 332524000)
        self.assertEqual(M.parse_rate("1gbit"), 1e9)
        self.assertEqual(M.parse_rate("10mbps"), 80e6)


class Splits(unittest.TestCase):
    def test_equal(self):
        self.assertEqual(M.equal_split(192, 3), [64, 64, 64])
        self.assertEqual(M.equal_split(10, 3), [4, 3, 3])

    def test_proportional_exact(self):
        # speeds 1, 1/2, 1/4 (per ms): B = 70 → 40, 20, 10
        self.assertEqual(M.proportional_split(70, [1e-3, 2e-3, 4e-3]), [40, 20, 10])

    def test_proportional_sums_to_b(self):
        import random
        rng = random.Random(5)
        for _ in range(500):
            n = rng.randint(1, 12)
            t = [rng.uniform(1e-4, 1e-2) for _ in range(n)]
            b = rng.randint(n, 5000)
            s = M.proportional_split(b, t)
            self.assertEqual(sum(s), b)
            self.assertTrue(all(x >= 1 for x in s))
            ideal = [b * (1 / x) / sum(1 / y for y in t) for x in t]
            self.assertTrue(all(abs(x - y) < 1 + 1e-9 for x, y in zip(s, ideal)) or min(ideal) < 1)

    def test_proportional_compute_is_b_over_total_speed(self):
        t = [1e-3, 2e-3, 4e-3]
        s = M.proportional_split(70, t)
        self.assertAlmostEqual(max(b * x for b, x in zip(s, t)), 70 / sum(1 / x for x in t))


class EngineBytes(unittest.TestCase):
    """docs/engine.md, "Bytes sent per step": mlp 64-32-10 (P = 9,640 bytes), 2 nodes × 2 ranks,
    measured by the engine's step events (control bytes included)."""

    units = M.mlp_units([32], inputs=64)

    def bytes_of(self, strategy, devices=(2, 2), bucket_mb=25.0):
        return M.rank_bytes(M.collectives(strategy, self.units, list(devices), bucket_mb))

    def test_units(self):
        self.assertEqual(4 * sum(self.units), 9640)

    def test_dp(self):
        across, within = self.bytes_of("dp")
        self.assertEqual(across, [0, 14592, 0, 14592])
        self.assertEqual(within, [14592, 0, 14592, 0])

    def test_lshdp(self):
        across, within = self.bytes_of("lshdp")
        self.assertEqual(across[0], 4820)   # the worker-events example: rank 0
        self.assertEqual(within[0], 14592)  # 14,460 + the control all-reduce (11 doubles) to rank 1
        self.assertEqual(within[1], 14460)

    def test_fsdp(self):
        across, _ = self.bytes_of("fsdp")
        self.assertEqual(across, [4824, 19428, 4824, 19428])

    def test_strategies_runs(self):
        """What the emulated lab measured (/tmp/strat1..3): mlp 784-1024-1024-10 on 3 nodes."""
        units = M.mlp_units([1024, 1024])
        dp25 = M.rank_bytes(M.collectives("dp", units, [1, 1, 1], 25.0))[0]
        dp2 = M.rank_bytes(M.collectives("hdp", units, [1, 1, 1], 2.0))[0]
        fsdp = M.rank_bytes(M.collectives("fsdp", units, [1, 1, 1], 25.0))[0]
        self.assertEqual(dp25, [9939776] * 3)  # one 25 MB bucket
        self.assertEqual(dp2, [9939775] * 3)   # two buckets, each rounded down
        self.assertEqual(fsdp, [14909640] * 3)

    def test_buckets(self):
        self.assertEqual(M.buckets([10250, 1049600, 803840], 2 * 1024 * 1024), [1059850, 803840])
        self.assertEqual(M.buckets([10250, 1049600, 803840], 25 * 1024 * 1024), [1863690])

    def test_fsdp_moves_one_and_a_half_dp(self):
        """One device per node: fsdp sends 3(N−1)/N·P per node, dp 2(N−1)/N·P (without the
        control all-reduce, and with units that divide evenly)."""
        units = [3000 * 4, 6000 * 4, 300 * 4]
        for n in (2, 3, 4):
            dp = M.collectives("dp", units, [1] * n)
            fs = M.collectives("fsdp", units, [1] * n)
            dp_bytes = M.node_sent([c for c in dp if c.name != "control all-reduce"], [1] * n)
            fs_bytes = M.node_sent([c for c in fs if c.name != "control all-reduce"], [1] * n)
            p = 4 * sum(units)
            self.assertEqual(dp_bytes, 2 * (n - 1) * p // n)
            self.assertEqual(fs_bytes, 3 * (n - 1) * p // n)
            self.assertEqual(2 * fs_bytes, 3 * dp_bytes)

    def test_lsdp_with_one_device_is_dp(self):
        units = M.mlp_units([1024, 1024])
        for n in (2, 3, 4):
            self.assertEqual(M.rank_bytes(M.collectives("lsdp", units, [1] * n, 2.0)),
                             M.rank_bytes(M.collectives("dp", units, [1] * n, 2.0)))

    def test_resnet50(self):
        self.assertEqual(sum(M.resnet50_units()), 25557032)
        self.assertEqual(len(M.resnet50_units()), 18)


class StepModel(unittest.TestCase):
    def test_expected_max(self):
        self.assertEqual(M.expected_max([1.0, 3.0, 2.0], 0.0), 3.0)
        # two equal normals: μ + σμ/√π
        self.assertAlmostEqual(M.expected_max([10.0, 10.0], 0.1), 10.0 + 1.0 / math.sqrt(math.pi), places=3)
        # one node far slower than the rest: its mean
        self.assertAlmostEqual(M.expected_max([1.0, 1.0, 10.0], 0.05), 10.0, places=3)

    def test_hand_case(self):
        """2 nodes at 1 and 2 ms per sample, B = 30, one unit of 1e6 elements (4 MB, one bucket),
        a link of 1e8 payload bytes/s, α = 0.5 ms, 1 ms fixed, no overlap, no jitter."""
        link = M.Link(8e8, 1.0, 0.5e-3)
        sent = 4_000_000 + 56  # 2·1/2·4 MB + the control all-reduce of 2W+3 = 7 doubles (2·1·56/2)
        rounds = 2 + 2         # one bucket and the control all-reduce, 2(N−1) each
        comm = sent / 1e8 + rounds * 0.5e-3
        dp = M.predict_step("dp", [1e-3, 2e-3], 30, [1_000_000], link, {}, 1e-3)
        self.assertEqual(dp["batches"], [15, 15])
        self.assertAlmostEqual(dp["compute"], 0.030)
        self.assertAlmostEqual(dp["comm"], comm)
        self.assertAlmostEqual(dp["step"], 0.030 + comm + 1e-3)
        hdp = M.predict_step("hdp", [1e-3, 2e-3], 30, [1_000_000], link, {}, 1e-3, margin=0.03)
        self.assertEqual(hdp["batches"], [20, 10])
        self.assertAlmostEqual(hdp["compute"], 0.020 * 1.015)
        fsdp = M.predict_step("fsdp", [1e-3, 2e-3], 30, [1_000_000], link, {}, 1e-3)
        self.assertEqual(fsdp["bytes_per_node"], 3 * 2_000_000 + 56)  # two gathers + the all-to-all + the control all-reduce

    def test_closed_form_agrees_with_the_engines_collectives(self):
        link = M.Link(1e9, M.ETHERNET_EFFICIENCY, 50e-6)
        units = [240_000, 480_000, 1_200_000]  # divisible by every N below; 7.68 MB
        t = [1e-3, 2e-3, 4e-3, 1e-3, 2e-3, 4e-3]
        for strategy in M.STRATEGIES:
            for n in (2, 3, 6):
                bucket_mb = 100.0  # one bucket
                exact = M.predict_step(strategy, t[:n], 70 * n, units, link, {}, 1e-3, bucket_mb, margin=0.03)
                plain = M.plain_step(strategy, t[:n], 70 * n, 4 * sum(units), len(units), 1, link, 1e-3, margin=0.03)
                if strategy in M.PLANNED and n != 3 and n != 6:
                    continue  # the integer split is exact only where B·speed/Σspeed is whole
                control = 8 * (2 * n + 3) * 2 * (n - 1) // n / link.bw  # its bytes: not in the closed form
                self.assertAlmostEqual(exact["step"], plain + control, places=9, msg=f"{strategy} N={n}")

    def test_overlap_is_bounded_by_compute(self):
        link = M.Link(8e8, 1.0, 0.0)
        units = [1_000_000, 1_000_000]  # 8 MB: two buckets of 4 MB; bucket 0: 2·1/2·4 MB / 1e8 B/s = 40 ms
        mb = 4 / 1.048576

        def comm(phi, t):
            return M.predict_step("dp", [t, t], 20, units, link, {"allreduce": phi}, 0.0, bucket_mb=mb)["comm"]

        # 40 ms of compute: φ of bucket 0 is hidden
        self.assertAlmostEqual(comm(0.0, 4e-3) - comm(0.5, 4e-3), 0.5 * 0.040)
        # 10 ms of compute: at most the backward pass (2/3 of it) hides anything
        self.assertAlmostEqual(comm(0.0, 1e-3) - comm(0.95, 1e-3), 2 / 3 * 0.010)


class Fits(unittest.TestCase):
    def test_recovers_alpha_and_phi(self):
        alpha, phi_ar, phi_fs = 0.4e-3, 0.2, 0.35
        pts = []
        for fam, wire, hide, rounds in (("allreduce", 0.10, 0.06, 6), ("allreduce", 0.13, 0.08, 12),
                                        ("allreduce", 0.15, 0.09, 18), ("fsdp", 0.20, 0.14, 20),
                                        ("allreduce", 0.25, 0.0, 8)):
            phi = phi_fs if fam == "fsdp" else phi_ar
            pts.append((fam, wire - phi * hide + alpha * rounds, wire, hide, rounds))
        a, p, notes = M.fit_comm(pts)
        self.assertAlmostEqual(a, alpha)
        self.assertAlmostEqual(p["allreduce"], phi_ar)
        self.assertAlmostEqual(p["fsdp"], phi_fs)
        self.assertEqual(notes["alpha"], "fitted")

    def test_collinear_fixes_alpha(self):
        # Same node count and buckets: rounds ∝ hideable, α and φ cannot be told apart.
        pts = [("allreduce", 0.23, 0.25, 0.14, 12), ("allreduce", 0.22, 0.25, 0.14, 12)]
        a, p, notes = M.fit_comm(pts)
        self.assertEqual((a, notes["alpha"]), (0.0, "fixed"))
        self.assertAlmostEqual(p["allreduce"], (0.25 - 0.225) / 0.14)
        self.assertEqual(p["fsdp"], p["allreduce"])
        a, p, _ = M.fit_comm(pts, fixed_alpha=1e-3)
        self.assertAlmostEqual(p["allreduce"], (0.25 + 0.012 - 0.225) / 0.14)


class History(unittest.TestCase):
    """A two-node dp run written into a history of the project's schema, read back."""

    def test_run_and_calibration(self):
        with tempfile.TemporaryDirectory() as d:
            db = sqlite3.connect(os.path.join(d, "history.sqlite"))
            db.execute("CREATE TABLE runs (id TEXT PRIMARY KEY, name TEXT, strategy TEXT, config TEXT, status TEXT, "
                       "reason TEXT, created_ms INTEGER, started_ms INTEGER, ended_ms INTEGER, summary TEXT)")
            db.execute("CREATE TABLE steps (run_id TEXT, rank INTEGER, step INTEGER, time_ms INTEGER, epoch INTEGER, "
                       "loss REAL, local_batch INTEGER, data_ms REAL, compute_ms REAL, wait_ms REAL, comm_ms REAL, "
                       "optimizer_ms REAL, samples_per_s REAL, device_bytes INTEGER, bytes_intra INTEGER, "
                       "bytes_inter INTEGER)")
            db.execute("CREATE TABLE events (run_id TEXT, source TEXT, seq INTEGER, time_ms INTEGER, kind TEXT, "
                       "rank INTEGER, device INTEGER, payload TEXT)")
            cfg = {"strategy": "dp", "global_batch": 64, "model": {"kind": "mlp", "hidden": [32]},
                   "comm": {"bucket_mb": 25}, "planner": {"margin": 0.03}, "nodes": [{"devices": [0]}, {"devices": [0]}]}
            db.execute("INSERT INTO runs VALUES ('r1', 'dp (0.9,0.5)', 'dp', ?, 'finished', NULL, 1, 1, 2, NULL)",
                       (json.dumps(cfg),))
            sent = M.rank_bytes(M.collectives("dp", M.mlp_units([32]), [1, 1]))[0]
            for step in range(1, 21):
                for rank, compute in ((0, 32.0), (1, 64.0)):
                    # data 0.5 + compute + wait + comm 10 + optimizer 0.5: a step of 75 ms
                    wait = 64.0 - compute
                    db.execute("INSERT INTO steps VALUES ('r1', ?, ?, 0, 0, 1.0, 32, 0.5, ?, ?, 10.0, 0.5, ?, 0, 0, ?)",
                               (rank, step, compute, wait, 64 / 0.075, sent[rank]))
            db.commit()
            db.close()
            with open(os.path.join(d, "rate"), "w") as f:
                f.write("100mbit\n")
            run = M.load_runs(d)[0]
            self.assertEqual(run.steps, 20 - M.WARMUP)
            self.assertAlmostEqual(run.step_ms, 75.0)
            self.assertAlmostEqual(run.compute_ms, 64.0)
            self.assertAlmostEqual(run.fixed_ms, 1.0)
            self.assertEqual(run.profile, [0.9, 0.5])
            self.assertEqual(run.node_seconds_per_sample(), [0.001, 0.002])
            self.assertEqual(run.bytes_across, sent)
            cal = M.Calibration([d])
            self.assertEqual(cal.speeds[d], [0.001, 0.002])
            self.assertAlmostEqual(cal.fixed["dp"], 0.001)


if __name__ == "__main__":
    unittest.main()
