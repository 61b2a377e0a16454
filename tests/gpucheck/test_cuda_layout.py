"""scripts/gpucheck/cudalayout.py over fake site-packages trees (issue #28, item 2):
pip's CUDA 12 wheels, CUDA 13 wheels, a toolkit alone, and nothing at all."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "scripts"))
from gpucheck import cudalayout  # noqa: E402


def touch(root, *paths):
    for p in paths:
        full = os.path.join(root, p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        open(full, "w").close()


# What pip installs for torch+cu12x: one folder per library.
CU12 = ["nvidia/cuda_runtime/include/cuda_runtime_api.h", "nvidia/cuda_runtime/include/cuda_fp16.h",
        "nvidia/cuda_runtime/include/nv/target", "nvidia/cuda_runtime/lib/libcudart.so.12",
        "nvidia/nccl/include/nccl.h", "nvidia/nccl/lib/libnccl.so.2",
        "nvidia/cublas/include/cublas_v2.h", "nvidia/cublas/lib/libcublas.so.12",
        "nvidia/cusparse/include/cusparse.h", "nvidia/cusolver/include/cusolverDn.h",
        "nvidia/cudnn/lib/libcudnn.so.9", "torch/lib/libtorch_cuda.so"]
# torch+cu130: the toolkit's libraries in nvidia/cu13 (CCCL's headers under include/cccl),
# NCCL, cuDNN and NVTX in folders of their own.
CU13 = ["nvidia/cu13/include/cuda_runtime_api.h", "nvidia/cu13/include/cublas_v2.h",
        "nvidia/cu13/include/cusparse.h", "nvidia/cu13/include/cusolverDn.h",
        "nvidia/cu13/include/cccl/nv/target", "nvidia/cu13/lib/libcudart.so.13", "nvidia/cu13/lib/libcublas.so.13",
        "nvidia/nccl/include/nccl.h", "nvidia/nccl/lib/libnccl.so.2", "nvidia/cudnn/lib/libcudnn.so.9",
        "nvidia/nvtx/lib/libnvToolsExt.so.1", "torch/lib/libtorch_cuda.so"]
TOOLKIT = ["include/cuda_runtime_api.h", "include/cublas_v2.h", "include/cusparse.h", "include/cusolverDn.h",
           "include/cccl/nv/target", "include/nccl.h", "lib64/libcudart.so.13", "lib64/libnccl.so.2"]


class CudaLayoutTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.site = os.path.join(self.dir.name, "site-packages")
        self.toolkit = os.path.join(self.dir.name, "cuda")
        os.makedirs(self.site)

    def tearDown(self):
        self.dir.cleanup()

    def find(self, toolkits=None):
        return cudalayout.find_cuda([self.site], [self.toolkit] if toolkits is None else toolkits, system=False)

    def nv(self, *rest):
        return os.path.join(self.site, "nvidia", *rest)

    def test_cuda12_wheels(self):
        touch(self.site, *CU12)
        touch(self.toolkit, *TOOLKIT)  # present, but the wheels have everything: not used
        layout = self.find()
        self.assertEqual(layout.missing, [])
        self.assertEqual(layout.found["cuda_runtime_api.h"], self.nv("cuda_runtime", "include"))
        self.assertEqual(layout.found["nccl.h"], self.nv("nccl", "include"))
        self.assertEqual(layout.found["cusolverDn.h"], self.nv("cusolver", "include"))
        self.assertEqual(layout.found["libcudart.so"], self.nv("cuda_runtime", "lib"))
        self.assertEqual(layout.found["libnccl.so"], self.nv("nccl", "lib"))
        self.assertNotIn(os.path.join(self.toolkit, "include"), layout.includes)
        self.assertNotIn(os.path.join(self.toolkit, "lib64"), layout.libs)
        # cuDNN's folder is among the library folders the worker's loader is given.
        self.assertIn(self.nv("cudnn", "lib"), layout.libs)
        self.assertIn("CUDA 12 layout", layout.describe())

    def test_cuda13_wheels(self):
        touch(self.site, *CU13)
        layout = self.find([])
        self.assertEqual(layout.missing, [])
        self.assertEqual(layout.found["cuda_runtime_api.h"], self.nv("cu13", "include"))
        self.assertEqual(layout.found["nv/target"], self.nv("cu13", "include", "cccl"))
        self.assertEqual(layout.found["nccl.h"], self.nv("nccl", "include"))
        self.assertEqual(layout.found["libcudart.so"], self.nv("cu13", "lib"))  # only libcudart.so.13 there
        self.assertEqual(layout.found["libnccl.so"], self.nv("nccl", "lib"))
        # cu13 first: the toolkit's share shadows nothing of the per-library folders after it.
        self.assertEqual(layout.includes[:2], [self.nv("cu13", "include"), self.nv("cu13", "include", "cccl")])
        self.assertEqual(layout.libs[0], self.nv("cu13", "lib"))
        self.assertIn(self.nv("nvtx", "lib"), layout.libs)
        self.assertIn("cu13 layout", layout.describe())

    def test_cuda13_wheels_without_cccl_take_it_from_the_toolkit_after_them(self):
        touch(self.site, *[p for p in CU13 if "cccl" not in p])
        touch(self.toolkit, *TOOLKIT)
        layout = self.find()
        self.assertEqual(layout.missing, [])
        self.assertEqual(layout.found["nv/target"], os.path.join(self.toolkit, "include", "cccl"))
        self.assertEqual(layout.found["cuda_runtime_api.h"], self.nv("cu13", "include"))
        self.assertGreater(layout.includes.index(os.path.join(self.toolkit, "include")),
                           layout.includes.index(self.nv("cu13", "include")))
        # Headers only: the toolkit's libcudart must not stand in for the wheel's.
        self.assertNotIn(os.path.join(self.toolkit, "lib64"), layout.libs)
        self.assertIn("toolkit", layout.describe())
        self.assertIn("nv/target", layout.describe())

    def test_toolkit_only(self):
        touch(self.toolkit, *TOOLKIT)
        layout = self.find(["", os.path.join(self.dir.name, "no-such-cuda"), self.toolkit])
        self.assertEqual(layout.missing, [])
        self.assertEqual(layout.includes, [os.path.join(self.toolkit, "include"),
                                           os.path.join(self.toolkit, "include", "cccl")])
        self.assertEqual(layout.libs, [os.path.join(self.toolkit, "lib64")])
        self.assertEqual(layout.found["libnccl.so"], os.path.join(self.toolkit, "lib64"))

    def test_the_first_toolkit_that_helps_wins(self):
        other = os.path.join(self.dir.name, "cuda-home")
        touch(other, *TOOLKIT)
        touch(self.toolkit, *TOOLKIT)
        layout = self.find([other, self.toolkit])
        self.assertEqual(layout.found["cuda_runtime_api.h"], os.path.join(other, "include"))
        self.assertNotIn(os.path.join(self.toolkit, "include"), layout.includes)

    def test_nothing(self):
        layout = self.find([os.path.join(self.dir.name, "no-such-cuda")])
        self.assertEqual(layout.missing, list(cudalayout.HEADERS + cudalayout.LIBRARIES))
        self.assertEqual(layout.includes, [])
        self.assertEqual(layout.libs, [])
        self.assertEqual(layout.describe(), "nowhere")

    def test_a_library_the_wheels_lack_brings_the_toolkits_library_folder_after_theirs(self):
        touch(self.site, *[p for p in CU13 if "libnccl" not in p])
        touch(self.toolkit, *TOOLKIT)
        layout = self.find()
        self.assertEqual(layout.found["libnccl.so"], os.path.join(self.toolkit, "lib64"))
        self.assertEqual(layout.found["libcudart.so"], self.nv("cu13", "lib"))
        self.assertEqual(layout.libs[-1], os.path.join(self.toolkit, "lib64"))

    def test_wheels_without_nccl_say_what_is_missing(self):
        touch(self.site, *[p for p in CU13 if "nccl" not in p])
        layout = self.find([])
        self.assertEqual(layout.missing, ["nccl.h", "libnccl.so"])

    def test_an_unversioned_name_that_is_a_folder_is_no_library(self):
        touch(self.site, *[p for p in CU13 if "libnccl" not in p])
        os.makedirs(self.nv("nccl", "lib", "libnccl.so.d"))
        self.assertEqual(self.find([]).missing, ["libnccl.so"])


if __name__ == "__main__":
    unittest.main()
