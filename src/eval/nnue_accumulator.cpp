// Accumulator refresh and incremental update, and the lazy stack. The change of a move is read
// from the position's undo record and the piece now on the destination: the mover left `from`,
// the victims left `mid` and `to`, and the mover (or its promotion) stands on `to`.
#include "shishi/eval/nnue_accumulator.hpp"

#include <cstring>

namespace shishi::nnue {

BoardChange last_move_change(const Position& pos) {
    BoardChange c;
    const UndoRecord& u = pos.history(pos.plies() - 1);
    const Move m = u.move;
    if (m.is_pass()) return c;
    const Square from = m.from(), to = m.to(), mid = m.mid();
    const Piece arrived = pos.piece_on(to);
    auto remove = [&](Piece p, Square s) {
        c.removed_piece[c.removed] = p;
        c.removed_square[c.removed++] = s;
    };
    if (mid != NO_SQUARE && u.captured_mid != EMPTY) remove(u.captured_mid, mid);
    if (to != from) {
        remove(u.moved, from);
        if (u.captured_to != EMPTY) remove(u.captured_to, to);
    } else if (arrived == u.moved) {
        return c;  // igui: only the victim on mid left
    } else {
        remove(u.moved, from);  // promotion without moving
    }
    c.added_piece = arrived;
    c.added_square = to;
    c.added = 1;
    return c;
}

void refresh(Accumulator& acc, const Position& pos, const Network& net, Kernel k) {
    for (Color persp : {WHITE, BLACK}) {
        int16_t* out = acc.v[persp];
        std::memcpy(out, net.l1_bias(), sizeof acc.v[0]);
        const int16_t* cols[4];
        int n = 0;
        for (Color side : {WHITE, BLACK})
            for (int i = 0; i < pos.piece_count(side); ++i) {
                const Square s = pos.piece_square(side, i);
                cols[n++] = net.l1_column(feature(persp, pos.piece_on(s), s));
                if (n == 4) {
                    update_columns(k, out, out, cols, n, nullptr, 0);
                    n = 0;
                }
            }
        if (n > 0) update_columns(k, out, out, cols, n, nullptr, 0);
    }
}

void apply(Accumulator& next, const Accumulator& prev, const BoardChange& change, const Network& net, Kernel k) {
    for (Color persp : {WHITE, BLACK}) {
        const int16_t* add[1];
        const int16_t* sub[3];
        for (int i = 0; i < change.added; ++i)
            add[i] = net.l1_column(feature(persp, change.added_piece, change.added_square));
        for (int i = 0; i < change.removed; ++i)
            sub[i] = net.l1_column(feature(persp, change.removed_piece[i], change.removed_square[i]));
        update_columns(k, next.v[persp], prev.v[persp], add, change.added, sub, change.removed);
    }
}

int output_cp(const Accumulator& acc, Color stm, const Network& net, Kernel k) {
    const int32_t out = output_layer(k, acc.v[stm], acc.v[~stm], net.out_weights(), net.out_bias());
    return int(int64_t(out) * SCALE / (QA * QB));
}

int evaluate(const Position& pos, const Network& net, Kernel k) {
    Accumulator acc;
    refresh(acc, pos, net, k);
    return output_cp(acc, pos.side_to_move(), net, k);
}

void AccumulatorStack::reset(const Position& pos, const Network& net, Kernel k) {
    net_ = &net;
    kernel_ = k;
    top_ = 0;
    refresh(entries_[0].acc, pos, net, k);
    entries_[0].computed = true;
}

const Accumulator& AccumulatorStack::current(const Position& pos) {
    Entry& top = entries_[size_t(top_)];
    if (top.computed) return top.acc;
    // Back to the last computed entry, counting the columns the changes would touch; when
    // they outnumber the pieces on the board a refresh is cheaper.
    int from = top_, columns = 0;
    while (!entries_[size_t(from)].computed) {
        const BoardChange& c = entries_[size_t(from)].change;
        columns += c.added + c.removed;
        --from;
    }
    if (columns > pos.piece_count(WHITE) + pos.piece_count(BLACK)) {
        refresh(top.acc, pos, *net_, kernel_);
    } else {
        for (int i = from + 1; i <= top_; ++i) {
            Entry& e = entries_[size_t(i)];
            apply(e.acc, entries_[size_t(i - 1)].acc, e.change, *net_, kernel_);
            e.computed = true;
        }
    }
    top.computed = true;
    return top.acc;
}

int AccumulatorStack::evaluate(const Position& pos) {
    return output_cp(current(pos), pos.side_to_move(), *net_, kernel_);
}

}  // namespace shishi::nnue
