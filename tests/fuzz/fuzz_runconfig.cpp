// libFuzzer target: parsing and validating a run config (hamgamctl run, the
// form's Load, and every agent's start request).
#include "runconfig.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QList<ConfigError> errors;
    const RunConfig config =
        RunConfig::fromJsonText(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), &errors);
    errors += config.validate();
    const QJsonObject json = config.toJson();
    QList<ConfigError> again;
    (void)RunConfig::fromJson(json, &again);
    (void)RunConfig::differingFields(json, RunConfig().toJson());
    return 0;
}
