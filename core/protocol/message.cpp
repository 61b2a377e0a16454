#include "message.h"

#include <array>
#include <initializer_list>
#include <QCborArray>
#include <QCborValue>
#include <QCoreApplication>

namespace {

enum class Kind
{
    Integer,
    String,
    Map,
    Array,
    Bool,
    Any
};

struct Field
{
    const char *key;
    Kind kind;
    bool required;
};

struct Schema
{
    const char *name;
    bool request;
    std::initializer_list<Field> fields;
};

// The schema of every message type, indexed by Message::Type. Decoding rejects a
// body whose listed fields are missing or of the wrong kind; fields not listed
// are allowed, so a newer peer can add optional fields without a version bump.
const std::array<Schema, size_t(Message::Type::Count)> kSchemas = {{
    {"hello",
     false,
     {{"protocol", Kind::Integer, true},
      {"software", Kind::String, true},
      {"node_id", Kind::String, true},
      {"role", Kind::String, true},
      {"name", Kind::String, false},
      {"user", Kind::String, false}}},
    {"reply", false, {}},
    {"error", false, {{"code", Kind::String, true}, {"message", Kind::String, true}}},
    {"subscribe", true, {{"topics", Kind::Array, true}}},
    {"unsubscribe", true, {{"topics", Kind::Array, true}}},
    {"host_info", true, {}},
    {"telemetry",
     false,
     {{"time", Kind::Integer, true}, {"devices", Kind::Array, true}, {"host", Kind::Map, false}}},
    {"preflight", true, {{"config", Kind::Map, true}, {"expected_s", Kind::Integer, false}}},
    {"start_run", true, {{"config", Kind::Map, true}, {"run_id", Kind::String, true}}},
    {"stop_run", true, {{"run_id", Kind::String, true}}},
    {"abort_run", true, {{"run_id", Kind::String, true}}},
    {"list_runs", true, {}},
    {"journal", true, {{"run_id", Kind::String, true}, {"from", Kind::Integer, false}}},
    {"run_event",
     false,
     {{"run_id", Kind::String, true}, {"seq", Kind::Integer, true}, {"event", Kind::Map, true}}},
    {"run_state", false, {{"run_id", Kind::String, true}, {"state", Kind::String, true}}},
    {"lease_acquire",
     true,
     {{"run_id", Kind::String, true},
      {"devices", Kind::Array, false},
      {"count", Kind::Integer, false},
      {"expected_s", Kind::Integer, false},
      {"now", Kind::Integer, true}}},
    {"lease_release", true, {{"lease_id", Kind::String, true}}},
    {"queue_submit",
     true,
     {{"run_id", Kind::String, true},
      {"config", Kind::Map, true},
      {"node_index", Kind::Integer, true},
      {"plan", Kind::Map, true},
      {"predicted_s", Kind::Integer, false},
      {"now", Kind::Integer, true}}},
    {"queue_list", true, {}},
    {"queue_cancel", true, {{"run_id", Kind::String, true}}},
    {"reserve",
     true,
     {{"devices", Kind::Array, true},
      {"from", Kind::Integer, true},
      {"to", Kind::Integer, true},
      {"now", Kind::Integer, true},
      {"note", Kind::String, false}}},
    {"unreserve", true, {{"id", Kind::String, true}}},
    {"lab_state", true, {{"now", Kind::Integer, false}}},
    {"usage",
     true,
     {{"weeks", Kind::Integer, false},
      {"first_day", Kind::Integer, false},
      {"utc_offset_min", Kind::Integer, false}}},
    {"policy_get", true, {}},
    {"policy_set", true, {{"policy", Kind::Map, true}}},
    {"lab_changed", false, {{"what", Kind::String, true}}},
    {"lab_notice", false, {{"kind", Kind::String, true}, {"run_id", Kind::String, false}}},
    {"model_fetch",
     true,
     {{"run_id", Kind::String, true}, {"file", Kind::String, true}, {"offset", Kind::Integer, false}}},
}};

bool hasKind(const QCborValue &value, Kind kind)
{
    switch (kind) {
    case Kind::Integer:
        return value.isInteger();
    case Kind::String:
        return value.isString();
    case Kind::Map:
        return value.isMap();
    case Kind::Array:
        return value.isArray();
    case Kind::Bool:
        return value.isBool();
    case Kind::Any:
        return !value.isUndefined();
    }
    return false;
}

} // namespace

Message::Message(Type type, QCborMap body, qint64 id, qint64 replyTo)
    : m_type(type)
    , m_id(id)
    , m_replyTo(replyTo)
    , m_body(std::move(body))
{}

Message Message::reply(qint64 requestId, QCborMap body)
{
    return Message(Type::Reply, std::move(body), 0, requestId);
}

Message Message::error(qint64 requestId, const QString &code, const QString &text, const QCborMap &details)
{
    QCborMap body = details;
    body[QStringLiteral("code")] = code;
    body[QStringLiteral("message")] = text;
    return Message(Type::Error, body, 0, requestId);
}

bool Message::isRequest() const
{
    return kSchemas[size_t(m_type)].request;
}

QString Message::typeName(Type type)
{
    return QString::fromLatin1(kSchemas[size_t(type)].name);
}

QByteArray Message::encode() const
{
    QCborMap map;
    map[QStringLiteral("t")] = typeName();
    if (m_id != 0)
        map[QStringLiteral("id")] = m_id;
    if (m_replyTo != 0)
        map[QStringLiteral("re")] = m_replyTo;
    if (!m_body.isEmpty())
        map[QStringLiteral("b")] = m_body;
    return map.toCborValue().toCbor();
}

Expected<Message> Message::decode(const QByteArray &payload)
{
    using Result = Expected<Message>;
    QCborParserError parseError;
    const QCborValue root = QCborValue::fromCbor(payload, &parseError);
    if (parseError.error != QCborError::NoError)
        return Result::failure(tr("malformed CBOR: %1").arg(parseError.errorString()));
    if (!root.isMap())
        return Result::failure(tr("message is not a CBOR map"));
    const QCborMap map = root.toMap();

    const QCborValue typeValue = map.value(QStringLiteral("t"));
    if (!typeValue.isString())
        return Result::failure(tr("message has no type"));
    const QString typeText = typeValue.toString();
    int typeIndex = -1;
    for (size_t i = 0; i < kSchemas.size(); ++i) {
        if (typeText == QLatin1String(kSchemas[i].name)) {
            typeIndex = int(i);
            break;
        }
    }
    if (typeIndex < 0)
        return Result::failure(tr("unknown message type \"%1\"").arg(typeText.left(64)));
    const Schema &schema = kSchemas[size_t(typeIndex)];

    const QCborValue idValue = map.value(QStringLiteral("id"));
    const QCborValue reValue = map.value(QStringLiteral("re"));
    const QCborValue bodyValue = map.value(QStringLiteral("b"));
    if (!idValue.isUndefined() && !idValue.isInteger())
        return Result::failure(tr("request id of \"%1\" is not an integer").arg(typeText));
    if (!reValue.isUndefined() && !reValue.isInteger())
        return Result::failure(tr("reply id of \"%1\" is not an integer").arg(typeText));
    if (!bodyValue.isUndefined() && !bodyValue.isMap())
        return Result::failure(tr("body of \"%1\" is not a map").arg(typeText));
    const qint64 id = idValue.toInteger(0);
    if (schema.request && id <= 0)
        return Result::failure(tr("request \"%1\" has no request id").arg(typeText));

    const QCborMap body = bodyValue.toMap();
    for (const Field &field : schema.fields) {
        const QCborValue value = body.value(QLatin1String(field.key));
        if (value.isUndefined()) {
            if (field.required)
                return Result::failure(
                    tr("\"%1\" lacks the field \"%2\"").arg(typeText, QLatin1String(field.key)));
            continue;
        }
        if (!hasKind(value, field.kind))
            return Result::failure(
                tr("field \"%2\" of \"%1\" has the wrong type").arg(typeText, QLatin1String(field.key)));
    }
    return Message(Type(typeIndex), body, id, reValue.toInteger(0));
}
