"""scripts/gpucheck/buildsetup.py over fake trees: a torch folder read without
importing torch, the bundle's CMake flags, what is missing before configuring,
and where gloo's headers come from."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "scripts"))
from gpucheck import buildsetup  # noqa: E402

VERSION_H = "#pragma once\n#define TORCH_VERSION_MAJOR 2\n#define TORCH_VERSION_MINOR 11\n#define TORCH_VERSION_PATCH 0\n"
BUNDLE = ["include/nlohmann/json.hpp", "share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake", "include/zlib.h",
          "lib/libz.a", "include/openssl/evp.h", "include/openssl/configuration.h", "lib/libcrypto.a",
          "gloo/include/gloo/algorithm.h"]


def write(root, path, text=""):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)
    return full


class BuildSetupTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = self.dir.name

    def tearDown(self):
        self.dir.cleanup()

    def test_pip_torch_folder(self):
        torch = os.path.join(self.root, "site-packages", "torch")
        write(torch, "include/torch/csrc/api/include/torch/version.h", VERSION_H)
        write(torch, "lib/libtorch.so")
        write(torch, "lib/libtorch_cuda.so")
        write(torch, "version.py", "__version__ = '2.11.0+cu130'\ncuda: Optional[str] = '13.0'\n")
        facts = buildsetup.torch_from_folder(torch)
        self.assertEqual(facts["version"], "2.11.0")
        self.assertEqual(facts["include"], os.path.join(torch, "include"))
        self.assertEqual(facts["lib"], os.path.join(torch, "lib"))
        self.assertTrue(facts["cuda"])
        self.assertEqual(facts["cuda_version"], "13.0")
        self.assertEqual(facts["site"], os.path.join(self.root, "site-packages"))

    def test_a_prefix_with_multiarch_libraries(self):
        # Debian's libtorch-dev under /usr: version.h deep in include, libraries in lib/x86_64-linux-gnu.
        prefix = os.path.join(self.root, "usr")
        write(prefix, "include/torch/csrc/api/include/torch/version.h",
              VERSION_H.replace("MINOR 11", "MINOR 13").replace("MAJOR 2", "MAJOR 1"))
        write(prefix, "lib/x86_64-linux-gnu/libtorch.so.1.13")
        facts = buildsetup.torch_from_folder(prefix)
        self.assertEqual(facts["version"], "1.13.0")
        self.assertEqual(facts["lib"], os.path.join(prefix, "lib", "x86_64-linux-gnu"))
        self.assertFalse(facts["cuda"])
        self.assertIsNone(facts["site"])

    def test_not_a_torch_folder(self):
        with self.assertRaisesRegex(buildsetup.TorchFolderError, "version.h"):
            buildsetup.torch_from_folder(self.root)
        write(self.root, "include/torch/version.h", VERSION_H)
        with self.assertRaisesRegex(buildsetup.TorchFolderError, "libtorch.so"):
            buildsetup.torch_from_folder(self.root)

    def test_the_bundles_flags(self):
        bundle = os.path.join(self.root, "bundle")
        for p in BUNDLE:
            write(bundle, p)
        where = buildsetup.where_packages(bundle, system=lambda p: False)
        self.assertEqual(set(where.values()), {"bundle"})
        flags = buildsetup.bundle_flags(bundle, where)
        self.assertIn(f"-Dnlohmann_json_DIR={bundle}/share/cmake/nlohmann_json", flags)
        self.assertIn(f"-DZLIB_LIBRARY={bundle}/lib/libz.a", flags)
        self.assertIn(f"-DOPENSSL_CRYPTO_LIBRARY={bundle}/lib/libcrypto.a", flags)
        self.assertIn("-DOPENSSL_USE_STATIC_LIBS=TRUE", flags)
        self.assertIn(f"-DOPENSSL_INCLUDE_DIR={bundle}/include", flags)
        self.assertIn("-DCMAKE_EXE_LINKER_FLAGS=-Wl,--exclude-libs,libz.a:libcrypto.a", flags)

    def test_a_package_neither_here_nor_in_the_bundle(self):
        bundle = os.path.join(self.root, "bundle")
        for p in BUNDLE:
            if "openssl" not in p and "crypto" not in p:
                write(bundle, p)
        where = buildsetup.where_packages(bundle, system=lambda p: p == "zlib")
        self.assertEqual(where, {"nlohmann-json": "bundle", "zlib": "bundle", "OpenSSL 3 (libcrypto)": None})
        flags = buildsetup.bundle_flags(bundle, where)
        self.assertFalse(any("OPENSSL" in f for f in flags))
        self.assertIn("-DCMAKE_EXE_LINKER_FLAGS=-Wl,--exclude-libs,libz.a", flags)
        where = buildsetup.where_packages(None, system=lambda p: p == "zlib")
        self.assertEqual(where, {"nlohmann-json": None, "zlib": "system", "OpenSSL 3 (libcrypto)": None})
        self.assertEqual(buildsetup.bundle_flags(None, where), [])

    def test_on_system_wants_a_dev_package(self):
        inc, lib, cmake = (os.path.join(self.root, d) for d in ("include", "lib", "cmake"))
        write(lib, "libz.so.1")  # the runtime alone
        self.assertFalse(buildsetup.on_system("zlib", [inc], [lib], [cmake]))
        write(inc, "zlib.h")
        self.assertFalse(buildsetup.on_system("zlib", [inc], [lib], [cmake]))
        write(lib, "libz.so")
        self.assertTrue(buildsetup.on_system("zlib", [inc], [lib], [cmake]))
        write(inc, "nlohmann/json.hpp")
        self.assertFalse(buildsetup.on_system("nlohmann-json", [inc], [lib], [cmake]))
        write(cmake, "nlohmann_json/nlohmann_jsonConfig.cmake")
        self.assertTrue(buildsetup.on_system("nlohmann-json", [inc], [lib], [cmake]))

    def test_gloo_headers_the_torchs_own_first(self):
        torch_include = os.path.join(self.root, "torch", "include")
        system = os.path.join(self.root, "usr", "include")
        bundle = os.path.join(self.root, "bundle")
        write(bundle, "gloo/include/gloo/algorithm.h")
        folder, whose = buildsetup.gloo_headers(torch_include, bundle, [system])
        self.assertEqual(folder, os.path.join(bundle, "gloo", "include"))
        self.assertIn("bundle", whose)
        write(system, "gloo/algorithm.h")
        self.assertEqual(buildsetup.gloo_headers(torch_include, bundle, [system])[0], None)
        write(torch_include, "gloo/algorithm.h")
        folder, whose = buildsetup.gloo_headers(torch_include, bundle, [system])
        self.assertIsNone(folder)
        self.assertIn("torch's own", whose)
        self.assertEqual(buildsetup.gloo_headers(os.path.join(self.root, "x"), None, []), (None, None))

    def test_versions(self):
        self.assertTrue(buildsetup.older("2.31", "2.36"))
        self.assertFalse(buildsetup.older("2.39", "2.36"))
        self.assertFalse(buildsetup.older("2.36", "2.36"))


if __name__ == "__main__":
    unittest.main()
