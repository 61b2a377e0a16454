"""scripts/gpu-check's parts that tests exercise without a GPU (tests/gpucheck)."""
