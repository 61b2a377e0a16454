#include "agentlink.h"

AgentLink::~AgentLink() = default;
