// `shishi train-net` as a user meets it: bad inputs refused before any work with nothing
// written, no input overwritten, Ctrl-C keeping the checkpoint and the best net, --resume
// continuing to the end with the loss table and picture.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "nnue_games.hpp"
#include "shishi/cli/commands.hpp"
#include "shishi/cli/interrupt.hpp"

using namespace shishi;

namespace {

struct Result {
    int code;
    std::string out, err;
};

Result train_net(std::vector<std::string> args) {
    args.insert(args.begin(), "train-net");
    std::ostringstream out, err;
    const int code = cli::run_command(args, out, err);
    return {code, out.str(), err.str()};
}

// A folder of its own, removed with everything in it when the test ends.
struct Folder {
    std::string path = "/tmp/shishi_train_net_" + std::to_string(::getpid());
    Folder() { std::filesystem::create_directories(path); }
    ~Folder() { std::filesystem::remove_all(path); }
    std::string operator/(const std::string& name) const { return path + "/" + name; }
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

bool exists(const std::string& path) { return std::filesystem::exists(path); }

}  // namespace

TEST_CASE("train-net refuses bad input before any work and writes nothing", "[nnue-train][cli]") {
    Folder dir;
    const std::string data = dir / "games.sgames", net = dir / "net.nnue";
    const std::string bytes = test::synthetic_games(4, 30);
    std::ofstream(data, std::ios::binary) << bytes;

    Result r = train_net({dir / "missing.sgames", "--out", net});
    CHECK(r.code == 1);
    CHECK(r.err.find("missing.sgames: cannot read") != std::string::npos);

    r = train_net({data});
    CHECK(r.code == 2);
    CHECK(r.err.find("--out NET is required") != std::string::npos);

    r = train_net({data, "--out", data});
    CHECK(r.code == 2);
    CHECK(r.err.find("is an input") != std::string::npos);
    CHECK(slurp(data) == bytes);

    r = train_net({data, "--out", dir / "no-such-folder/net.nnue"});
    CHECK(r.code == 2);
    CHECK(r.err.find("no folder") != std::string::npos);

    r = train_net({data, "--out", net, "--lr", "fast"});
    CHECK(r.code == 2);
    CHECK(r.err.find("--lr: 'fast' is not a number") != std::string::npos);

    r = train_net({data, "--out", net, "--init", "zero"});
    CHECK(r.code == 2);
    CHECK(r.err.find("not material or random") != std::string::npos);

    r = train_net({data, "--out", net, "--factors", "maybe"});
    CHECK(r.code == 2);
    CHECK(r.err.find("--factors: 'maybe' is not on or off") != std::string::npos);

    r = train_net({data, "--out", net, "--lr", "0.01", "--weight-decay", "300"});
    CHECK(r.code == 2);
    CHECK(r.err.find("lr x weight decay must stay below 0.5") != std::string::npos);

    r = train_net({data, "--out", net, "--plot", net});
    CHECK(r.code == 2);
    CHECK(r.err.find("named for two outputs") != std::string::npos);

    std::string damaged = bytes;
    damaged[bytes.size() / 3] ^= 0x20;
    const std::string bad = dir / "damaged.sgames";
    std::ofstream(bad, std::ios::binary) << damaged;
    r = train_net({data, bad, "--out", net});
    CHECK(r.code == 1);
    CHECK(r.err.find("damaged.sgames") != std::string::npos);

    r = train_net({data, "--out", net, "--resume", dir / "missing.ckpt"});
    CHECK(r.code == 2);
    CHECK(r.err.find("cannot read the checkpoint") != std::string::npos);

    CHECK_FALSE(exists(net));
    CHECK_FALSE(exists(net + ".ckpt"));
}

TEST_CASE("train-net stopped by Ctrl-C keeps a checkpoint and a net; --resume finishes the run", "[nnue-train][cli]") {
    Folder dir;
    const std::string data = dir / "games.sgames", net = dir / "net.nnue", csv = dir / "loss.csv",
                      svg = dir / "loss.svg";
    std::ofstream(data, std::ios::binary) << test::synthetic_games(30, 60);

    // Ctrl-C before the first batch ends: the run stops after it.
    cli::request_stop();
    Result r = train_net(
        {data, "--out", net, "--epochs", "3", "--batch", "64", "--loss-csv", csv, "--plot", svg, "--val-every", "5"});
    cli::clear_stop_request();
    CHECK(r.code == 130);
    CHECK(r.err.find("stopped in epoch 1 after batch 1") != std::string::npos);
    CHECK(r.out.find("stopped after 0 epochs") != std::string::npos);
    REQUIRE(exists(net + ".ckpt"));
    REQUIRE(exists(net));
    CHECK(slurp(net).substr(0, 8) == "SHISHINN");

    // Settings of a checkpoint are its own.
    r = train_net({data, "--out", net, "--resume", net + ".ckpt", "--lr", "0.5", "--val-every", "5"});
    CHECK(r.code == 2);
    CHECK(r.err.find("--lr differs from the checkpoint's") != std::string::npos);
    // Other data: refused.
    r = train_net({data, "--out", net, "--resume", net + ".ckpt", "--val-every", "6"});
    CHECK(r.code == 1);
    CHECK(r.err.find("other data") != std::string::npos);

    r = train_net({data, "--out", net, "--resume", net + ".ckpt", "--epochs", "3", "--loss-csv", csv, "--plot", svg,
                   "--val-every", "5", "--threads", "2"});
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.err.find("resuming") != std::string::npos);
    CHECK(r.out.find("trained 3 epochs") != std::string::npos);
    const std::string table = slurp(csv);
    CHECK(std::count(table.begin(), table.end(), '\n') == 4);  // the header and three epochs
    CHECK(slurp(svg).find("id=\"validation-line\"") != std::string::npos);
    CHECK_FALSE(exists(net + ".tmp"));
}
