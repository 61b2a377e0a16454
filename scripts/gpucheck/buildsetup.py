"""What gpu-check hands CMake for the engine-only build: the LibTorch (a pip torch
folder or a LibTorch prefix, read without importing torch) and the bundle of
scripts/gpu-bundle for what the machine may lack (nlohmann-json, zlib, OpenSSL,
c10d's Gloo headers)."""
import glob
import json
import os
import re

SYSTEM_INCLUDES = ("/usr/include", "/usr/local/include")
SYSTEM_LIBS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib")
SYSTEM_CMAKE = ("/usr/share/cmake", "/usr/lib/cmake", "/usr/lib/x86_64-linux-gnu/cmake",
                "/usr/local/share/cmake", "/usr/local/lib/cmake")


class TorchFolderError(ValueError):
    pass


def version_header(include):
    """torch/version.h as pip keeps it, or where Debian's libtorch-dev does."""
    for rest in (("torch", "version.h"), ("torch", "csrc", "api", "include", "torch", "version.h")):
        path = os.path.join(include, *rest)
        if os.path.exists(path):
            return path
    return None


def torch_version(header):
    parts = {}
    with open(header, errors="replace") as f:
        for line in f:
            m = re.match(r"\s*#define\s+TORCH_VERSION_(MAJOR|MINOR|PATCH)\s+(\d+)", line)
            if m:
                parts[m.group(1)] = m.group(2)
    if len(parts) != 3:
        return None
    return f"{parts['MAJOR']}.{parts['MINOR']}.{parts['PATCH']}"


def torch_from_folder(path):
    """A torch install folder: pip's site-packages/torch, a LibTorch archive's folder,
    or a prefix such as /usr (libraries in lib/x86_64-linux-gnu). Facts from its files
    alone: version.h, libtorch_cuda.so's presence, pip's version.py for the CUDA version."""
    path = os.path.abspath(path)
    include = os.path.join(path, "include")
    header = version_header(include)
    if not header:
        raise TorchFolderError(f"{path}: no include/torch/version.h (nor include/torch/csrc/api/include/"
                               "torch/version.h): not a torch folder")
    lib = next((d for d in (os.path.join(path, "lib"), os.path.join(path, "lib", "x86_64-linux-gnu"),
                            os.path.join(path, "lib64"))
                if glob.glob(os.path.join(glob.escape(d), "libtorch.so*"))), None)
    if not lib:
        raise TorchFolderError(f"{path}: no libtorch.so in lib/, lib/x86_64-linux-gnu/ or lib64/")
    cuda = bool(glob.glob(os.path.join(glob.escape(lib), "libtorch_cuda.so*")))
    cuda_version = None
    version_py = os.path.join(path, "version.py")
    if os.path.exists(version_py):
        with open(version_py, errors="replace") as f:
            m = re.search(r"^cuda\b[^=]*=\s*['\"]([^'\"]+)['\"]", f.read(), re.M)
            if m:
                cuda_version = m.group(1)
    return {"version": torch_version(header) or "unknown", "include": include, "lib": lib, "path": path,
            "cuda": cuda, "cuda_version": cuda_version,
            "site": os.path.dirname(path) if os.path.basename(path) == "torch" else None}


# ---------------------------------------------------------------- the bundle

# What the engine-only build finds with find_package beyond LibTorch: the files that
# say a package is there, in a bundle (its own layout) or on this machine.
PACKAGES = {
    "nlohmann-json": {"bundle": ["include/nlohmann/json.hpp", "share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake"],
                      "headers": ["nlohmann/json.hpp"], "cmake": ["nlohmann_json/nlohmann_jsonConfig.cmake"]},
    "zlib": {"bundle": ["include/zlib.h", "lib/libz.a"], "headers": ["zlib.h"], "libs": ["libz.so", "libz.a"]},
    "OpenSSL 3 (libcrypto)": {"bundle": ["include/openssl/evp.h", "include/openssl/configuration.h",
                                         "lib/libcrypto.a"],
                              "headers": ["openssl/evp.h"], "libs": ["libcrypto.so", "libcrypto.a"]},
}


def in_bundle(bundle, package):
    return bool(bundle) and all(os.path.exists(os.path.join(bundle, p)) for p in PACKAGES[package]["bundle"])


def on_system(package, includes=SYSTEM_INCLUDES, libs=SYSTEM_LIBS, cmake=SYSTEM_CMAKE):
    """Whether find_package would find it in the usual places (headers, and a linkable
    library or CMake config): a dev package, not only the runtime's libz.so.1."""
    spec = PACKAGES[package]
    if not any(os.path.exists(os.path.join(d, h)) for d in includes for h in spec["headers"]):
        return False
    if "libs" in spec and not any(os.path.exists(os.path.join(d, n)) for d in libs for n in spec["libs"]):
        return False
    if "cmake" in spec and not any(glob.glob(os.path.join(d, "*", os.path.basename(c))) or
                                   os.path.exists(os.path.join(d, c)) for d in cmake for c in spec["cmake"]):
        return False
    return True


def where_packages(bundle, system=on_system):
    """Each package -> 'bundle', 'system' or None (neither: CMake will not find it)."""
    return {p: ("bundle" if in_bundle(bundle, p) else "system" if system(p) else None) for p in PACKAGES}


def bundle_flags(bundle, where):
    """The CMake flags that make find_package take the bundle's copies. zlib and
    libcrypto are static archives (lib*.a): the machine needs neither their headers
    nor the unversioned .so links, and the worker no libz/libcrypto at run time.
    FindOpenSSL adds Threads and -ldl itself when the library it is given ends in .a."""
    b = os.path.abspath(bundle) if bundle else ""
    flags = []
    if where.get("nlohmann-json") == "bundle":
        flags.append(f"-Dnlohmann_json_DIR={b}/share/cmake/nlohmann_json")
    if where.get("zlib") == "bundle":
        flags += [f"-DZLIB_INCLUDE_DIR={b}/include", f"-DZLIB_LIBRARY={b}/lib/libz.a"]
    if where.get("OpenSSL 3 (libcrypto)") == "bundle":
        flags += [f"-DOPENSSL_ROOT_DIR={b}", "-DOPENSSL_USE_STATIC_LIBS=TRUE", f"-DOPENSSL_INCLUDE_DIR={b}/include",
                  f"-DOPENSSL_CRYPTO_LIBRARY={b}/lib/libcrypto.a"]
    static = [name for package, name in (("zlib", "libz.a"), ("OpenSSL 3 (libcrypto)", "libcrypto.a"))
              if where.get(package) == "bundle"]
    if static:
        # Their symbols stay the worker's own: a shared library in the same process that
        # uses the machine's libz or libcrypto must not bind to these copies instead.
        flags.append(f"-DCMAKE_EXE_LINKER_FLAGS=-Wl,--exclude-libs,{':'.join(static)}")
    return flags


def bundle_manifest(bundle):
    try:
        with open(os.path.join(bundle, "bundle.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def gloo_headers(torch_include, bundle, system_includes=SYSTEM_INCLUDES):
    """c10d's ProcessGroupGloo.hpp includes <gloo/...>: (folder to add or None, where in words).
    The torch's own first (Debian's libgloo-dev, a wheel that carries them), then the
    system's, then the bundle's copy (Debian's newest gloo, for a wheel without them)."""
    if os.path.exists(os.path.join(torch_include, "gloo", "algorithm.h")):
        return None, f"the torch's own ({torch_include}/gloo)"
    for d in system_includes:
        if os.path.exists(os.path.join(d, "gloo", "algorithm.h")):
            return None, f"this system's ({d}/gloo)"
    if bundle and os.path.exists(os.path.join(bundle, "gloo", "include", "gloo", "algorithm.h")):
        d = os.path.join(os.path.abspath(bundle), "gloo", "include")
        return d, f"the bundle's ({d}/gloo, {bundle_manifest(bundle).get('gloo', 'Debian gloo')})"
    return None, None


def glibc_version():
    try:
        return os.confstr("CS_GNU_LIBC_VERSION").split()[-1]
    except (ValueError, OSError, AttributeError):
        return None


def older(a, b):
    """Version a before version b ("2.31" < "2.36")."""
    def key(v):
        return [int(x) for x in re.findall(r"\d+", v or "")]
    return key(a) < key(b)
