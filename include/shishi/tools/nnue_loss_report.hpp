// The trainer's loss per epoch as a CSV table and as an SVG picture (the training and the
// validation loss against the epoch). Element ids (loss-panel, train-line, validation-line,
// best-epoch) let tests and style sheets find the parts.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "shishi/tools/nnue_trainer.hpp"

namespace shishi::nnue_train {

// "epoch,train_loss,validation_loss,seconds" and one line per epoch.
void write_loss_csv(std::ostream& out, const std::vector<EpochLoss>& history);

std::string loss_curve_svg(const std::vector<EpochLoss>& history, const std::string& title);

}  // namespace shishi::nnue_train
