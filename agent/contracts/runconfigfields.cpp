// The run config's fields, declared once (issue #30, item 1). A row gives the key, the
// JSON type and default, the bounds both sides check, the choices, when the field
// applies, its label and its docs line; docs/run-config.md's table is generated from
// these rows (tests/contracts/tst_runconfigfields checks it). Cross-field rules (a
// batch and its devices, a model and its dataset) stay in RunConfig::validate and
// WorkerConfig::parse.
#include "runconfigfield.h"

namespace hamgam::contracts {

namespace {

// A row, written as a sentence: Row("optimizer.lr", Number, "0.05").above(0).atMost(10)...
struct Row : RunConfigField
{
    Row(std::string_view key_, FieldType type_, std::string_view default_)
    {
        key = key_;
        type = type_;
        defaultJson = default_;
    }
    Row &atLeast(double v) { return min = v, minOpen = false, *this; }
    Row &above(double v) { return min = v, minOpen = true, *this; }
    Row &atMost(double v) { return max = v, maxOpen = false, *this; }
    Row &below(double v) { return max = v, maxOpen = true, *this; }
    Row &between(double lo, double hi) { return atLeast(lo).atMost(hi); }
    Row &oneOf(std::string_view c) { return choices = c, *this; }
    Row &when(std::string_view condition) { return appliesWhen = condition, *this; }
    Row &byKey() { return heldByKey = true, *this; }
    Row &alias() { return readOnlyAlias = true, *this; }
    Row &named(std::string_view text) { return label = text, *this; }
    Row &note(std::string_view text) { return limitsNote = text, *this; }
    Row &means(std::string_view text) { return meaning = text, *this; }
};

constexpr auto Bool = FieldType::Bool;
constexpr auto Integer = FieldType::Integer;
constexpr auto Number = FieldType::Number;
constexpr auto Text = FieldType::Text;
constexpr auto IntegerList = FieldType::IntegerList;
constexpr auto NumberPair = FieldType::NumberPair;
constexpr auto StepsOrEpoch = FieldType::StepsOrEpoch;
constexpr auto OptionalInteger = FieldType::OptionalInteger;

std::vector<RunConfigField> makeTable()
{
    return {
        Row("version", Integer, "1")
            .note("1")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "format version"))
            .means("format version"),
        Row("name", Text, "\"run\"")
            .note("1–120 characters")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "name"))
            .means("shown in the history"),
        Row("strategy", Text, "\"lshdp\"")
            .oneOf("dp hdp lsdp lshdp fsdp tp1d tp2d tp3d")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "strategy"))
            .means(
                "see docs/engine.md. `dp`: equal batches, the baseline; `hdp`: batches follow each device's "
                "measured speed; `lsdp`: parameters, gradients and optimizer state sharded inside each node "
                "and into its CPU memory, only gradients cross the network; `lshdp`: both; `fsdp`: fully "
                "sharded across all nodes (parameters cross the network at every layer); `tp1d`, `tp2d`, "
                "`tp3d`: tensor parallelism inside each node (1D, 2D on a q×q grid, 3D on a q×q×q cube), "
                "data parallel across nodes with batches that follow each node's speed; constraints below"),
        Row("model.kind", Text, "\"mlp\"")
            .oneOf("mlp cnn gpt torchscript")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "model"))
            .means("the network"),
        Row("model.hidden", IntegerList, "[256, 256]")
            .between(1, 65536)
            .note("1–16 layers")
            .when("model.kind=mlp")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "hidden layers"))
            .means("hidden layers' widths"),
        Row("model.activation", Text, "\"relu\"")
            .oneOf("relu gelu tanh")
            .when("model.kind=mlp")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "activation"))
            .means("activation"),
        Row("model.channels", Integer, "32")
            .between(1, 1024)
            .when("model.kind=cnn")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "channels"))
            .means("a residual CNN with GroupNorm: its channels"),
        Row("model.blocks", Integer, "2")
            .between(1, 64)
            .when("model.kind=cnn")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "residual blocks"))
            .means("its residual blocks"),
        Row("model.groups", Integer, "8")
            .atLeast(1)
            .note("divides `channels`")
            .when("model.kind=cnn")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "GroupNorm groups"))
            .means("its GroupNorm groups"),
        Row("model.layers", Integer, "2")
            .between(1, 256)
            .when("model.kind=gpt")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "layers"))
            .means("a byte-level decoder-only transformer: its blocks"),
        Row("model.width", Integer, "128")
            .between(8, 65536)
            .when("model.kind=gpt")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "width"))
            .means("its width"),
        Row("model.heads", Integer, "4")
            .atLeast(1)
            .note("divides `width`")
            .when("model.kind=gpt")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "attention heads"))
            .means("its attention heads"),
        Row("model.context", Integer, "64")
            .between(2, 65536)
            .when("model.kind=gpt")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "context"))
            .means("its context, in bytes"),
        Row("model.path", Text, "\"\"")
            .note("an absolute path, a file on every node")
            .when("model.kind=torchscript")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "TorchScript file"))
            .means("a module whose `forward(input)` returns logits (docs/engine.md shows how to export one); "
                   "the kind `torchscript:PATH` sets it too"),
        Row("dataset.kind", Text, "\"fashion-mnist\"")
            .oneOf("fashion-mnist cifar-10 cifar-100 images csv text synthetic")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "dataset"))
            .means(
                "the data; `gpt` needs `text`, `csv` the `mlp` (or a TorchScript model), the others images; "
                "the kind `text:PATH` sets the path too"),
        Row("dataset.path", Text, "\"/usr/share/datasets/fashion-mnist\"")
            .note("an absolute path that exists on every node")
            .when("dataset.kind=fashion-mnist|cifar-10|cifar-100|images|csv|text")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "dataset path"))
            .means("an MNIST-format directory (`train-images-idx3-ubyte[.gz]`, …); a CIFAR directory in the "
                   "binary version its authors ship (CIFAR-10's `cifar-10-batches-bin`: `data_batch_1.bin`, "
                   "`data_batch_2.bin`, … for training, `test_batch.bin` held out; CIFAR-100's "
                   "`cifar-100-binary`: `train.bin`, `test.bin`, its 100 fine classes learned); a folder of "
                   "JPEG "
                   "and PNG images (below); a CSV table (below); or a UTF-8 text file. The default is "
                   "Fashion-MNIST's; any other kind needs its own"),
        Row("dataset.label", Text, "\"label\"")
            .note("a column of the table")
            .when("dataset.kind=csv")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "label column"))
            .means("the column that holds each row's class"),
        Row("dataset.samples", Integer, "60000")
            .between(1, 1e8)
            .when("dataset.kind=synthetic")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "synthetic samples"))
            .means("seeded random data: training samples"),
        Row("dataset.classes", Integer, "10")
            .between(2, 1e5)
            .when("dataset.kind=synthetic")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "classes"))
            .means("its classes"),
        Row("dataset.shape", IntegerList, "[1, 28, 28]")
            .atLeast(1)
            .note("synthetic: positive sizes (three, [channels, height, width], for `cnn`); images: [1 or 3, "
                  "1–4096, 1–4096]")
            .when("dataset.kind=synthetic|images")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "sample shape"))
            .means("a synthetic sample's shape; for `images`, what each image becomes for the model, "
                   "[channels, height, width], e.g. [3, 32, 32] (the Run setup form starts there)"),
        Row("dataset.augment", Bool, "false")
            .when("dataset.kind=images")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "augmentation"))
            .means("each training sample randomly cropped (after 4 pixels of zero padding) and flipped left "
                   "to right, drawn from the seed, the epoch and the sample, so every split of the batch "
                   "trains the same"),
        Row("global_batch", Integer, "256")
            .between(1, 1e7)
            .note("at least the number of devices")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "global batch"))
            .means("samples per step over the whole group; fixed whatever the split"),
        Row("steps", Integer, "500")
            .between(0, 1e8)
            .note("0 with `epochs`")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "steps"))
            .means("training length in steps…"),
        Row("epochs", Integer, "0")
            .between(0, 1e5)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "epochs"))
            .means("…or in epochs (give one of the two; a file with `epochs` alone trains that long)"),
        Row("optimizer.kind", Text, "\"sgd\"")
            .oneOf("sgd adamw")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "optimizer"))
            .means("the optimizer"),
        Row("optimizer.lr", Number, "0.05")
            .above(0)
            .atMost(10)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "learning rate"))
            .means("peak learning rate"),
        Row("optimizer.momentum", Number, "0.9")
            .atLeast(0)
            .below(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "momentum"))
            .means("SGD momentum"),
        Row("optimizer.nesterov", Bool, "false")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "Nesterov momentum"))
            .means("SGD: Nesterov momentum"),
        Row("optimizer.weight_decay", Number, "0")
            .between(0, 1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "weight decay"))
            .means("decoupled for AdamW"),
        Row("optimizer.betas", NumberPair, "[0.9, 0.999]")
            .atLeast(0)
            .below(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "betas"))
            .means("AdamW's moment decays"),
        Row("optimizer.eps", Number, "1e-08")
            .above(0)
            .below(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "epsilon"))
            .means("AdamW's epsilon"),
        Row("schedule.kind", Text, "\"cosine\"")
            .oneOf("cosine constant")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "learning-rate schedule"))
            .means("after the warm-up"),
        Row("schedule.warmup_steps", Integer, "20")
            .atLeast(0)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "warm-up steps"))
            .means("linear warm-up"),
        Row("schedule.min_lr_ratio", Number, "0.1")
            .between(0, 1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "final learning-rate ratio"))
            .means("cosine floor, as a share of `lr`"),
        Row("grad_clip", Number, "0")
            .atLeast(0)
            .note("0: off")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "gradient clipping"))
            .means("global-norm gradient clipping"),
        Row("loss.label_smoothing", Number, "0")
            .atLeast(0)
            .below(1)
            .byKey()
            .note("0: off")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "label smoothing"))
            .means(
                "the training loss's targets: 1 − ε on the true class and ε spread evenly over all classes "
                "(Szegedy et al., as PyTorch's `label_smoothing`); the held-out loss stays plain "
                "cross-entropy, so runs compare"),
        Row("seed", Integer, "42")
            .note("any integer")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "seed"))
            .means("data order, initial weights"),
        Row("threads", Integer, "0")
            .between(0, 1024)
            .note("0: automatic")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "threads"))
            .means("intra-op threads per worker"),
        Row("planner.profile_steps", Integer, "3")
            .between(1, 1000)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "profiling steps"))
            .means("steps measured before the first speed-based plan"),
        Row("planner.replan_interval", Integer, "20")
            .atLeast(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "re-plan interval"))
            .means("steps between re-plans"),
        Row("planner.margin", Number, "0.05")
            .atLeast(0)
            .below(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "re-plan margin"))
            .means("re-plan only if the predicted step time improves by more than this share"),
        Row("planner.ewma", Number, "0.3")
            .above(0)
            .atMost(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "EWMA weight"))
            .means("weight of the newest speed measurement"),
        Row("comm.bucket_mb", Number, "25")
            .between(0.001, 4096)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "bucket size (MB)"))
            .means("gradient bucket size (as DDP)"),
        Row("comm.dtype", Text, "\"fp32\"")
            .oneOf("fp32 fp16 bf16")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "gradients on the wire"))
            .means("gradients on the wire (docs/engine.md, \"Wire formats\")"),
        Row("comm.compression", Text, "\"none\"")
            .oneOf("none powersgd")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "gradient compression"))
            .means("`powersgd`: low-rank gradients with error feedback across the replicas, not exact "
                   "(docs/engine.md, \"Compressed gradients\")"),
        Row("comm.powersgd_rank", Integer, "4")
            .between(1, 1024)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "PowerSGD rank"))
            .means("columns of P and Q: the bytes on the link grow with it; at the bucket matrix's side it "
                   "is exact"),
        Row("comm.powersgd_warmup_steps", Integer, "10")
            .between(0, 1000000)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "PowerSGD warm-up steps"))
            .means("the first steps' gradients travel whole, before compression starts"),
        Row("comm.fp16", Bool, "false")
            .alias()
            .named(QT_TRANSLATE_NOOP("RunConfigField", "fp16 gradients"))
            .means("the older spelling of `dtype: fp16`"),
        Row("comm.timeout_s", Integer, "60")
            .between(2, 86400)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "communication timeout (s)"))
            .means("a collective that takes longer fails the run (a dead peer never hangs it)"),
        Row("comm.watchdog_grace_s", Integer, "10")
            .between(0, 3600)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "watchdog grace (s)"))
            .means(
                "a worker stuck in one communication wait for `timeout_s` + this is ended by its watchdog"),
        Row("sync.mode", Text, "\"exact\"")
            .oneOf("exact local auto")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "synchronization"))
            .means("`local`: each node takes `sync.every` steps on its own (exact inside the node), then "
                   "an outer step joins them; not exact (docs/engine.md, \"Local steps\"). `auto`: exact "
                   "while the first steps measure the link, then local steps where they are predicted at "
                   "least 1.1× faster (docs/engine.md, \"Choosing a mode\")"),
        Row("sync.every", Integer, "16")
            .between(1, 100000)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "steps between outer steps"))
            .means("local: inner steps per outer step (an evaluation, a checkpoint or the end also closes "
                   "a round); auto: the longest round it may choose (4, 16 or 64)"),
        Row("sync.outer_lr", Number, "0.7")
            .above(0)
            .atMost(10)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "outer learning rate"))
            .means("local: the outer step's learning rate on the nodes' averaged change"),
        Row("sync.outer_momentum", Number, "0.9")
            .atLeast(0)
            .below(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "outer momentum"))
            .means("local: the outer step's momentum"),
        Row("sync.outer_nesterov", Bool, "true")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "outer Nesterov momentum"))
            .means("local: Nesterov momentum in the outer step"),
        Row("eval.interval", StepsOrEpoch, "\"epoch\"")
            .atLeast(0)
            .note("or `\"epoch\"`; 0: off")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "evaluation interval"))
            .means(
                "the held-out split is evaluated at each epoch's end and at the run's end (so a run shorter "
                "than an epoch is evaluated once), or every so many steps and at the end. Its accuracy "
                "(perplexity for `gpt`) is in the live view, the History tab, the compare view and "
                "`hamgamctl compare`"),
        Row("eval.samples", Integer, "2000")
            .atLeast(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "evaluation samples"))
            .means("held-out samples per evaluation (the first ones, the same every time)"),
        Row("checkpoint.dir", Text, "\"\"")
            .note("an absolute path of a directory on each node, inside the agent's `--allow-dir`")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "checkpoint directory"))
            .means(
                "where checkpoints go (each node writes its own); required with an interval or `elastic`. "
                "Created when missing. It must be the agent user's own and writable by nobody else, or a "
                "shared one with the sticky bit (like `/tmp`), where only that user's entries are touched; a "
                "directory another user owns, or one others can write into without the sticky bit "
                "(`mkdir -m 777`), is refused (see *Checkpoint directories* below)"),
        Row("checkpoint.interval", Integer, "0")
            .atLeast(0)
            .note("0: only at the end")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "checkpoint interval"))
            .means("steps between checkpoints"),
        Row("checkpoint.keep", Integer, "2")
            .atLeast(1)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "checkpoints kept"))
            .means("checkpoints kept: the newest of those this run wrote (steps left by other runs stay)"),
        Row("lsdp.stream_params", Bool, "false")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "parameter streaming"))
            .means("`lsdp`/`lshdp`: keep parameters in host memory and stream each layer to the device"),
        Row("precision", Text, "\"fp32\"")
            .oneOf("fp32 bf16 fp16")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "compute precision"))
            .means(
                "`bf16` runs the forward's matrix products and convolutions in bf16 (autocast, CPU and "
                "CUDA); "
                "parameters, their gradients and the optimizer's state stay fp32 (the master weights), and "
                "the loss is taken in fp32. `fp16` does the same in fp16 with dynamic loss scaling, as "
                "PyTorch's GradScaler: the loss is multiplied by a scale (65536 at first) before the "
                "backward "
                "and the summed gradients divided by it before the optimizer; a step whose gradients "
                "overflow is skipped on every rank and halves the scale, 2000 steps in a row without one "
                "double it (the step events' `loss_scale` and `skipped`). fp16 is for GPUs; on a CPU it "
                "needs LibTorch 2.2 or later (Debian 13's). Neither yet with the tensor-parallel strategies. "
                "How close bf16 stays to fp32, and what it costs on a CPU: docs/benchmarks.md, "
                "\"## precision\""),
        Row("memory_budget_mb", Integer, "0")
            .atLeast(0)
            .note("0: none")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "memory budget (MB)"))
            .means("per-device budget used to cap batches on CPU builds"),
        Row("memory.recompute", Bool, "false")
            .note(
                "not with `tp1d`/`tp2d`/`tp3d`, nor with a TorchScript model (its forward would run twice in "
                "training mode: batch-norm statistics, dropout masks)")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "recomputation"))
            .means(
                "activation recomputation: each unit (an mlp layer, a cnn block, a transformer block) keeps "
                "only its input for the backward and runs its forward again there, so a step holds the "
                "units' inputs and one unit's inside instead of every activation; the parameters come out "
                "the same to the bit, at the cost of about one more forward. Pays for cnn and gpt blocks, "
                "whose inside outweighs their input; the memory budget's batch caps follow the smaller "
                "estimate"),
        Row("elastic", Bool, "false")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "elastic recovery"))
            .means("resume on the remaining nodes when one is lost (reliability)"),
        Row("slowdown_schedule[].rank", Integer, "0")
            .atLeast(0)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "rank"))
            .means("demo: the rank whose emulated slowdown changes…"),
        Row("slowdown_schedule[].from_step", Integer, "0")
            .atLeast(0)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "from step"))
            .means("…from this step on…"),
        Row("slowdown_schedule[].factor", Number, "1")
            .between(1, 100)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "slowdown factor"))
            .means("…to this factor"),
        Row("nodes[].agent", Text, "\"\"")
            .note("a known, trusted, connected machine")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "machine"))
            .means("node id (or a unique prefix of it, or the machine's name)"),
        Row("nodes[].name", Text, "\"\"")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "machine name"))
            .means("the machine's name, as shown"),
        Row("nodes[].devices", IntegerList, "[0]")
            .between(0, 1023)
            .note("distinct")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "devices"))
            .means("one worker per listed device; ranks are numbered node by node"),
        Row("nodes[].batch", OptionalInteger, "null")
            .atLeast(0)
            .note("for all nodes or none; sum = `global_batch`; ≥ the node's device count")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "manual batch"))
            .means("manual share of the global batch (overrides the planner)"),
        Row("nodes[].max_batch", OptionalInteger, "null")
            .atLeast(1)
            .note("≥ the node's device count")
            .named(QT_TRANSLATE_NOOP("RunConfigField", "batch cap"))
            .means("memory cap of the node, in samples, split over its devices as its batch is"),
        Row("nodes[].slowdown", Number, "1")
            .between(1, 100)
            .named(QT_TRANSLATE_NOOP("RunConfigField", "emulated slowdown"))
            .means("demo only: the node sleeps (factor − 1) × its compute time each step"),
    };
}

} // namespace

const std::vector<RunConfigField> &runConfigFields()
{
    static const std::vector<RunConfigField> table = makeTable();
    return table;
}

} // namespace hamgam::contracts
