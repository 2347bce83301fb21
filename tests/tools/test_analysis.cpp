// Whole-game analysis: losses, judgements and their thresholds, the annotated record, the
// summary and the SVG graph's structure, on a short lishogi game in which the first player
// gives its Lion away for a Go-Between and a Pawn (move 5).
#include <catch2/catch.hpp>

#include <algorithm>

#include "record/record_test_support.hpp"
#include "shishi/tools/analysis.hpp"
#include "shishi/tools/eval_graph.hpp"

using namespace shishi;
using namespace shishi::record;
using shishi::test::must_read;
using shishi::test::record_fixture;

namespace {

const Analysis& lishogi_analysis(const Record& r) {
    static Analysis a = [&] {
        Searcher s(16);
        SearchLimits limits;
        limits.depth = 3;
        return analyze_record(r, s, limits, book_rules());
    }();
    return a;
}

}  // namespace

TEST_CASE("Judgement thresholds", "[record][analysis]") {
    CHECK(judge(0) == Judgement::NONE);
    CHECK(judge(INACCURACY_LOSS - 1) == Judgement::NONE);
    CHECK(judge(INACCURACY_LOSS) == Judgement::INACCURACY);
    CHECK(judge(MISTAKE_LOSS) == Judgement::MISTAKE);
    CHECK(judge(BLUNDER_LOSS - 1) == Judgement::MISTAKE);
    CHECK(judge(BLUNDER_LOSS) == Judgement::BLUNDER);
    CHECK(judge(100000) == Judgement::BLUNDER);
}

TEST_CASE("Analysis of a short game: the Lion blunder is found", "[record][analysis]") {
    const Record r = must_read(record_fixture("lishogi-game.kif"), Format::KIF);
    const Analysis& a = lishogi_analysis(r);
    REQUIRE(a.positions.size() == r.plies.size() + 1);
    REQUIRE(a.moves.size() == r.plies.size());
    int progress_calls = 0;
    for (const PositionEval& e : a.positions) {
        CHECK(e.score >= -SCORE_CLAMP);
        CHECK(e.score <= SCORE_CLAMP);
        CHECK(e.depth >= 1);
        CHECK_FALSE(e.best.is_none());
        ++progress_calls;
    }
    CHECK(progress_calls == 15);
    for (const MoveReview& m : a.moves) {
        CHECK(m.loss >= 0);
        CHECK(m.judgement == judge(m.loss));
        if (a.positions[size_t(m.ply)].best.same_as(r.plies[size_t(m.ply)].move)) CHECK(m.loss == 0);
    }
    // 5. 8f9e9d: the Lion takes a Go-Between and a Pawn and is taken by the Dragon Horse.
    CHECK(a.moves[4].side == WHITE);
    CHECK(a.moves[4].judgement == Judgement::BLUNDER);
    CHECK(a.moves[4].loss >= BLUNDER_LOSS);
    const SideSummary s = summarize(a, WHITE);
    CHECK(s.moves == 7);
    CHECK(s.blunders >= 1);
    REQUIRE_FALSE(s.worst.empty());
    CHECK(std::find(s.worst.begin(), s.worst.end(), 4) != s.worst.end());
    const std::string text = summary_text(r, a);
    CHECK(text.find("First player (White, sente), alice: 7 moves") != std::string::npos);
    CHECK(text.find("3. e7d8-d9 loses") != std::string::npos);  // as the PGN writer writes moves
    CHECK(text.find("(blunder); better ") != std::string::npos);
}

TEST_CASE("Annotated records: evaluation, best line, marks; in PGN and KIF", "[record][analysis]") {
    const Record r = must_read(record_fixture("lishogi-game.kif"), Format::KIF);
    const Analysis& a = lishogi_analysis(r);
    for (Format f : {Format::PGN, Format::KIF}) {
        const Record ann = annotate(r, a, f);
        const Record back = must_read(write_record(ann, f), f);
        REQUIRE(back.plies.size() == r.plies.size());
        for (size_t i = 0; i < back.plies.size(); ++i) {
            INFO(format_name(f) << " ply " << i << ": " << back.plies[i].comment);
            CHECK(back.plies[i].comment.find("/3") != std::string::npos);  // score/depth
            CHECK(back.plies[i].comment.find(" line ") != std::string::npos);
            // the judgement's mark, or the record's own when the move is not judged
            const int nag =
                a.moves[i].judgement != Judgement::NONE ? judgement_nag(a.moves[i].judgement) : r.plies[i].nag;
            CHECK(back.plies[i].nag == nag);
        }
        CHECK(back.plies[4].comment.find("; blunder (loses ") != std::string::npos);
        CHECK(back.plies[4].comment.find(", better ") != std::string::npos);
        CHECK(*back.tag("Annotator") == "Shishi analysis (evaluation: hand)");  // the searcher had no net
    }
    // The analysis comes first, the original comment after it.
    const std::string c = annotate(r, a, Format::PGN).plies[2].comment;
    CHECK(c.find(" -- the Lion heads for the go-between") != std::string::npos);
    CHECK((c[0] == '+' || c[0] == '-'));
}

TEST_CASE("Re-analysing an annotated record replaces the old analysis instead of nesting it", "[record][analysis]") {
    // Issue 24: the second analysis wrapped the first ("<new> -- <old> -- <comment>").
    const Record r = must_read(record_fixture("lishogi-game.kif"), Format::KIF);
    const Analysis& a = lishogi_analysis(r);
    for (Format f : {Format::PGN, Format::KIF}) {
        INFO(format_name(f));
        const Record once = must_read(write_record(annotate(r, a, f), f), f);
        const Record twice = must_read(write_record(annotate(once, a, f), f), f);
        REQUIRE(twice.plies.size() == once.plies.size());
        for (size_t i = 0; i < twice.plies.size(); ++i) {
            INFO("ply " << i);
            CHECK(twice.plies[i].comment == once.plies[i].comment);
            CHECK(twice.plies[i].nag == once.plies[i].nag);
        }
        CHECK(twice.plies[2].comment.find(" -- the Lion heads for the go-between") != std::string::npos);
        // A record annotated before the Annotator named the evaluation, too.
        Record plain = once;
        plain.set_tag("Annotator", "Shishi analysis");
        const Record again = must_read(write_record(annotate(plain, a, f), f), f);
        for (size_t i = 0; i < again.plies.size(); ++i)
            CHECK(again.plies[i].comment == once.plies[i].comment);
    }
    // A record another program annotated keeps its comments (XBoard's "+0.35/8 0.3" included).
    Record other = r;
    other.plies[0].comment = "+0.35/8 0.3";
    CHECK(annotate(other, a, Format::PGN).plies[0].comment.find(" -- +0.35/8 0.3") != std::string::npos);
}

TEST_CASE("SVG graph: areas, marks, axis, escaped title", "[record][analysis][svg]") {
    Record r = must_read(record_fixture("lishogi-game.kif"), Format::KIF);
    const Analysis& a = lishogi_analysis(r);
    r.set_tag("White", "a<b & \"c\"");
    const std::string svg = eval_graph_svg(r, a);
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.find("</svg>") != std::string::npos);
    CHECK(svg.find("class=\"first-player\"") != std::string::npos);
    CHECK(svg.find("class=\"second-player\"") != std::string::npos);
    CHECK(svg.find("<circle class=\"blunder\"") != std::string::npos);
    CHECK(svg.find("<title>3. e7d8-d9: blunder, loses ") != std::string::npos);
    CHECK(svg.find("class=\"move-number\"") != std::string::npos);
    CHECK(svg.find("a&lt;b &amp; &quot;c&quot;") != std::string::npos);
    CHECK(svg.find("a<b") == std::string::npos);
    // one point per position on the area outline (plus the two ends on the middle line)
    const size_t start = svg.find("points=\"") + 8;
    const std::string points = svg.substr(start, svg.find('"', start) - start);
    CHECK(std::count(points.begin(), points.end(), ',') == int(a.positions.size()) + 2);
    // tags balance: every opened element is closed
    CHECK(std::count(svg.begin(), svg.end(), '<') == std::count(svg.begin(), svg.end(), '>'));
}
