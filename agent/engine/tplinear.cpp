#include "tplinear.h"

#include "tensorparallel.h"

namespace hamgam::engine {

using L = TensorParallelLayout;

TpLinear::Role TpLinear::next(Role role)
{
    switch (role) {
    case Role::Column:
        return Role::Row;
    case Role::Row:
        return Role::Column;
    case Role::Grid:
        return Role::Grid;
    case Role::AToB:
        return Role::BToA;
    case Role::BToA:
        return Role::AToB;
    }
    return role;
}

TpLinear::TpLinear(TensorParallel &tp, Partition in, Partition out, Role role, bool bias)
    : m_tp(tp)
    , m_in(std::move(in))
    , m_out(std::move(out))
    , m_role(role)
    , m_bias(bias)
{}

int TpLinear::inputBlock() const
{
    switch (m_role) {
    case Role::Column:
        return -1;
    case Role::Row:
        return m_tp.coord(0);
    case Role::Grid:
        return m_tp.coord(1);
    case Role::AToB:
    case Role::BToA:
        return m_tp.coord(hAxis());
    }
    return -1;
}

int TpLinear::outputBlock() const
{
    switch (m_role) {
    case Role::Column:
        return m_tp.coord(0);
    case Role::Row:
        return -1;
    case Role::Grid:
        return m_tp.coord(1);
    case Role::AToB:
    case Role::BToA:
        return m_tp.coord(pAxis());
    }
    return -1;
}

int TpLinear::outputGroup() const
{
    switch (m_role) {
    case Role::Column:
        return L::kNode;
    case Role::Row:
        return -1;
    case Role::Grid:
        return L::line(1);
    case Role::AToB:
    case Role::BToA:
        return L::line(pAxis());
    }
    return -1;
}

int TpLinear::rowPart(int cubeAxis) const
{
    switch (m_role) {
    case Role::Column:
    case Role::Row:
        return 0;
    case Role::Grid:
        return m_tp.coord(0);
    case Role::AToB:
    case Role::BToA:
        return m_tp.coord(0) * m_tp.side() + m_tp.coord(cubeAxis);
    }
    return 0;
}

bool TpLinear::reportsLoss() const
{
    switch (m_role) {
    case Role::Column:
    case Role::Row:
        return m_tp.coord(0) == 0;
    case Role::Grid:
        return m_tp.coord(1) == 0;
    case Role::AToB:
    case Role::BToA:
        return m_tp.coord(pAxis()) == 0;
    }
    return true;
}

ShardSpec TpLinear::weightShard() const
{
    ShardSpec s = ShardSpec::whole({m_out.total(), m_in.total()});
    switch (m_role) {
    case Role::Column:
        s.select[0] = m_out.indices(m_tp.coord(0));
        break;
    case Role::Row:
        s.select[1] = m_in.indices(m_tp.coord(0));
        break;
    case Role::Grid:
        s.select[0] = m_out.indices(m_tp.coord(1));
        s.select[1] = m_in.indices(m_tp.coord(0));
        break;
    case Role::AToB:
    case Role::BToA:
        s.select[0] = m_out.indices(m_tp.coord(pAxis()));
        s.select[1] = m_in.indices(m_tp.coord(hAxis()));
        s.pieces = m_tp.side();
        s.piece = m_tp.coord(0);
        break;
    }
    return s;
}

ShardSpec TpLinear::biasShard() const
{
    ShardSpec s = ShardSpec::whole({m_out.total()});
    switch (m_role) {
    case Role::Column:
        s.select[0] = m_out.indices(m_tp.coord(0));
        break;
    case Role::Row:
        // Added to the replicated output: complete and equal everywhere.
        s.owner = m_tp.coord(0) == 0;
        break;
    case Role::Grid:
        // Block j, held down column j; each row block adds its part of the gradient.
        s.select[0] = m_out.indices(m_tp.coord(1));
        s.partialGroup = L::line(0);
        s.owner = m_tp.coord(0) == 0;
        break;
    case Role::AToB:
    case Role::BToA:
        // Block coord(p), held by the plane of that coordinate.
        s.select[0] = m_out.indices(m_tp.coord(pAxis()));
        s.partialGroup = L::plane(pAxis());
        s.owner = m_tp.coord(0) == 0 && m_tp.coord(hAxis()) == 0;
        break;
    }
    return s;
}

at::Tensor TpLinear::forward(const at::Tensor &x, const at::Tensor &w, const at::Tensor &b) const
{
    const at::Tensor bias = m_bias ? b : at::Tensor();
    switch (m_role) {
    case Role::Column: {
        // A replicated input that needs no gradient (the data) needs no all-reduce either.
        const at::Tensor in = x.requires_grad() ? m_tp.copyToGroup(x, L::kNode) : x;
        return at::linear(in, w, bias);
    }
    case Role::Row: {
        at::Tensor y = m_tp.reduceFromGroup(at::linear(x, w), L::kNode);
        return bias.defined() ? y + bias : y;
    }
    case Role::Grid: {
        at::Tensor y = m_tp.summa(x, w, m_in);
        return bias.defined() ? y + bias : y;
    }
    case Role::AToB:
    case Role::BToA: {
        at::Tensor y =
            m_tp.linear3d(x, w, m_out.size(outputBlock()), m_in.size(inputBlock()), hAxis(), pAxis());
        return bias.defined() ? y + bias : y;
    }
    }
    return x;
}

} // namespace hamgam::engine
