#pragma once

#include "workerevents.h"

#include <nlohmann/json.hpp>
#include <type_traits>
#include <utility>

namespace hamgam::engine {

/// Writes a worker event (agent/contracts/workerevents.h) as the fields of its
/// JSON line: every member under its declared key, a std::optional only when
/// it holds a value.
class EventJsonWriter
{
public:
    explicit EventJsonWriter(nlohmann::json &out)
        : m_out(out)
    {}

    template<class T> void operator()(const char *key, const std::optional<T> &value)
    {
        if (value)
            (*this)(key, *value);
    }

    template<class T> void operator()(const char *key, const T &value) { m_out[key] = toJson(value); }

    /// A whole event (or a nested struct) as a JSON object.
    template<class Event> static nlohmann::json object(const Event &event)
    {
        nlohmann::json out = nlohmann::json::object();
        Event::forEachField(event, EventJsonWriter(out));
        return out;
    }

private:
    template<class T, class = void> struct HasFields : std::false_type
    {
    };
    template<class T>
    struct HasFields<T, std::void_t<decltype(T::forEachField(
                            std::declval<const T &>(), std::declval<EventJsonWriter &>()))>> : std::true_type
    {
    };

    template<class T> static nlohmann::json toJson(const std::vector<T> &values)
    {
        nlohmann::json out = nlohmann::json::array();
        for (const T &v : values)
            out.push_back(toJson(v)); // a list of events' parts (a link event's modes) as objects
        return out;
    }
    template<class T> static nlohmann::json toJson(const T &value)
    {
        if constexpr (HasFields<T>::value)
            return object(value);
        else
            return nlohmann::json(value);
    }

    nlohmann::json &m_out;
};

} // namespace hamgam::engine
