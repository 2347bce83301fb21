// The evaluation cache gives exactly what evaluate() gives, also on positions it has seen
// before, and a changed weight table is not answered from old entries.
#include <catch2/catch.hpp>

#include <random>

#include "shishi/eval/eval.hpp"
#include "shishi/eval/eval_params.hpp"
#include "shishi/search/eval_cache.hpp"
#include "test_support.hpp"

using namespace shishi;
using namespace shishi::test;

TEST_CASE("the evaluation cache agrees with evaluate, first time and again", "[eval][cache]") {
    EvalCache cache;
    std::mt19937 rng(7);
    for (int game = 0; game < 4; ++game) {
        Position pos = Position::start();
        std::vector<Position> seen;
        for (int ply = 0; ply < 120; ++ply) {
            CHECK(cache.evaluate(pos) == evaluate(pos));
            seen.push_back(pos);
            MoveList list;
            generate_legal(pos, list);
            if (list.empty()) break;
            pos.make(list[int(rng() % unsigned(list.size()))]);
        }
        for (const Position& p : seen)
            CHECK(cache.evaluate(p) == evaluate(p));  // from the cache
    }
}

TEST_CASE("the evaluation cache notices a new weight table", "[eval][cache]") {
    const Position pos = board("Ka1 kl12 Qf6");
    EvalCache cache;
    const int before = cache.evaluate(pos);
    const EvalParams saved = eval_params();
    EvalParams more = saved;
    more[V_QUEEN] += 50;
    set_eval_params(more);
    const int after = cache.evaluate(pos);
    set_eval_params(saved);
    CHECK(after == before + 50);
    CHECK(cache.evaluate(pos) == before);
}
