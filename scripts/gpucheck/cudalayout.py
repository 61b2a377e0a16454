"""Where the CUDA headers and libraries of a pip torch are.

pip's CUDA 12 wheels put each library in a folder of its own beside torch
(site-packages/nvidia/cuda_runtime/{include,lib}, nvidia/nccl/..., nvidia/cublas/...);
CUDA 13 wheels put the toolkit's share in one folder (nvidia/cu13/{include,lib}, with
CCCL's <nv/target> under include/cccl) and keep NCCL, cuDNN, ... in their own. A
CUDA toolkit (CUDA_HOME, /usr/local/cuda) fills in what the wheels lack, after them,
so a toolkit of another version never shadows the wheels torch was built with.
"""
import glob
import os
from dataclasses import dataclass, field

# What the engine's CUDA files include: ATen/cuda/CUDAContext.h (the runtime,
# cuBLAS, cuSPARSE, cuSOLVER; cuda_fp16.h in turn wants CCCL's <nv/target>) and
# ProcessGroupNCCL.hpp (nccl.h).
HEADERS = ("cuda_runtime_api.h", "nccl.h", "cublas_v2.h", "cusparse.h", "cusolverDn.h", "nv/target")
# What the worker links or loads by name: TorchFromPrefix links libcudart, c10d NCCL.
LIBRARIES = ("libcudart.so", "libnccl.so")
# Without these the CUDA build cannot be; the others are what the headers include today.
ESSENTIAL = ("cuda_runtime_api.h", "nccl.h", "libcudart.so", "libnccl.so")

# A distribution's own folders: they count as found, but are never added as
# include folders (-isystem /usr/include breaks libstdc++'s #include_next).
SYSTEM_INCLUDES = ("/usr/include", "/usr/local/include")
SYSTEM_LIBS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib")


@dataclass
class CudaLayout:
    includes: list = field(default_factory=list)  # for HAMGAM_CUDA_INCLUDE_DIRS, in order
    libs: list = field(default_factory=list)  # for HAMGAM_CUDA_LIBRARY_DIRS and LD_LIBRARY_PATH
    found: dict = field(default_factory=dict)  # header or library -> the folder that holds it
    missing: list = field(default_factory=list)  # what no folder holds
    sources: list = field(default_factory=list)  # where they came from, in words

    def describe(self):
        return ", ".join(self.sources) or "nowhere"


def has_library(folder, name):
    """libcudart.so, or only a versioned one (wheels ship libcudart.so.13 alone)."""
    return any(os.path.isfile(p) for p in glob.glob(os.path.join(glob.escape(folder), name + "*")))


def wheel_packages(site):
    """site-packages/nvidia/* that hold an include or lib folder; cu13/cu12 first (the
    toolkit's share of a CUDA 13 or 12 wheel set), then the others by name."""
    base = os.path.join(site, "nvidia")
    if not os.path.isdir(base):
        return []
    names = sorted(n for n in os.listdir(base) if os.path.isdir(os.path.join(base, n)))
    names.sort(key=lambda n: (not n.startswith("cu1"), n))
    return [os.path.join(base, n) for n in names
            if os.path.isdir(os.path.join(base, n, "include")) or os.path.isdir(os.path.join(base, n, "lib"))]


def include_folders(prefix):
    """prefix/include and, where CCCL lives apart (CUDA 13), prefix/include/cccl."""
    folders = []
    inc = os.path.join(prefix, "include")
    if os.path.isdir(inc):
        folders.append(inc)
        if os.path.isdir(os.path.join(inc, "cccl")):
            folders.append(os.path.join(inc, "cccl"))
    return folders


def library_folders(prefix, names=("lib", "lib64")):
    return [os.path.join(prefix, n) for n in names if os.path.isdir(os.path.join(prefix, n))]


def _scan(layout, includes, libs):
    for header in HEADERS:
        if header not in layout.found:
            for d in includes:
                if os.path.exists(os.path.join(d, header)):
                    layout.found[header] = d
                    break
    for lib in LIBRARIES:
        if lib not in layout.found:
            for d in libs:
                if has_library(d, lib):
                    layout.found[lib] = d
                    break


def _lacking(layout):
    return [n for n in HEADERS + LIBRARIES if n not in layout.found]


def find_cuda(site_dirs, toolkits=(), system=True):
    """The CUDA folders for a torch installed in one of site_dirs (its site-packages):
    every nvidia/* wheel folder there, then the first toolkit in `toolkits` that holds
    something the wheels lack, then (system=True) the distribution's folders."""
    layout = CudaLayout()
    for site in site_dirs:
        packages = wheel_packages(site)
        if not packages:
            continue
        for pkg in packages:
            layout.includes += include_folders(pkg)
            layout.libs += library_folders(pkg, ("lib",))
        _scan(layout, layout.includes, layout.libs)
        kinds = sorted({os.path.basename(p) for p in packages if os.path.basename(p).startswith("cu1")})
        layout.sources.append(f"pip's nvidia wheels in {site}/nvidia"
                              + (f" ({', '.join(kinds)} layout)" if kinds else " (CUDA 12 layout)"))
        break
    for toolkit in toolkits:
        if not _lacking(layout):
            break
        if not toolkit or not os.path.isdir(toolkit):
            continue
        includes, libs = include_folders(toolkit), library_folders(toolkit)
        before = set(layout.found)
        _scan(layout, includes, libs)
        added = sorted(set(layout.found) - before)
        if added:
            layout.includes += [d for d in includes if d not in layout.includes]
            # Its library folders only for a library the wheels lack: a toolkit's libcudart.so
            # found first by CMake would stand in for the wheel's, of another minor version.
            if any(n in LIBRARIES for n in added):
                layout.libs += [d for d in libs if d not in layout.libs]
            layout.sources.append(f"the CUDA toolkit {toolkit} (for {', '.join(added)})")
    if system and _lacking(layout):
        before = set(layout.found)
        _scan(layout, SYSTEM_INCLUDES, SYSTEM_LIBS)
        added = sorted(set(layout.found) - before)
        if added:
            for name in added:
                d = layout.found[name]
                if d in SYSTEM_LIBS and d not in layout.libs:
                    layout.libs.append(d)
            layout.sources.append(f"this system's folders (for {', '.join(added)})")
    layout.missing = _lacking(layout)
    return layout


def default_toolkits(environ=None):
    environ = os.environ if environ is None else environ
    return [environ.get("CUDA_HOME", ""), environ.get("CUDA_PATH", ""), "/usr/local/cuda"]
