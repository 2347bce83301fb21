// The one data table of piece kinds: how each kind moves in each direction, what it promotes to,
// its letters and names. Move generation, attack detection and notation all read this table;
// no module switches on individual piece kinds.
#pragma once

#include <array>
#include <string_view>

#include "shishi/core/board_types.hpp"

namespace shishi {

// What a kind can do along one direction (bit set, combined per direction).
enum Reach : uint8_t {
    REACH_NONE = 0,
    REACH_STEP = 1,  // to the adjacent square
    REACH_SLIDE = 2,  // any distance along an unobstructed ray
    REACH_JUMP = 4,  // to the second square, jumping over whatever is on the first
    // Limited Lion power along this ray (Horned Falcon, Soaring Eagle): step, jump, capture on
    // the first square and continue to the second or return (igui), or step out and back (pass).
    REACH_LION_LINE = 8,
};

struct KindInfo {
    std::string_view name;
    char letter;  // lower-case letter of the unpromoted piece it came from or is
    bool promoted;  // written with a '+' prefix
    Kind promotes_to;  // NO_KIND when it cannot promote
    bool royal;  // King, Prince
    bool lion;  // full Lion power (Lion, promoted Kirin); subject to Lion-capture rules
    // Reach per direction for the first player, directions as in DIRECTION_OFFSET (0 = forward).
    std::array<uint8_t, DIRECTION_NB> reach;
    bool weak_bridge;  // Pawn and Go-Between: capturing one does not open the bridge exception
};

extern const KindInfo KIND_TABLE[KIND_NB];
extern const uint8_t (&REACH_TABLE)[2][KIND_NB][DIRECTION_NB];

inline const KindInfo& kind_info(Kind k) { return KIND_TABLE[k]; }

// Reach of a piece of colour c along absolute direction d (the second player's table is the
// first player's turned by 180 degrees).
inline uint8_t reach(Color c, Kind k, int d) { return REACH_TABLE[c][k][d]; }

inline bool is_lion(Kind k) { return kind_info(k).lion; }
inline bool is_royal(Kind k) { return kind_info(k).royal; }
inline bool can_promote(Kind k) { return kind_info(k).promotes_to != NO_KIND; }

// The directions a kind moves in, for one colour, grouped by what it does along them, as board
// offsets, so the inner loops of move generation and mobility test no reach bits: sliding
// rays, single steps, and jumping directions (to the second square, with a step and/or Lion
// power along the ray as jump_reach says). Every direction with a non-empty reach is in exactly
// one group; the others in none.
struct MoveShape {
    uint8_t slide_count, step_count, jump_count;
    int8_t slide[DIRECTION_NB];
    int8_t step[DIRECTION_NB];
    int8_t jump[DIRECTION_NB];
    uint8_t jump_reach[DIRECTION_NB];
    uint8_t step_mask;  // bit d set for each direction d in step[] (they are in rising order)
};
extern const MoveShape (&MOVE_SHAPES)[2][KIND_NB];
inline const MoveShape& move_shape(Color c, Kind k) { return MOVE_SHAPES[c][k]; }

// The sliding directions of a piece as bits (bit d for DIRECTION_OFFSET[d], the directions of
// MoveShape::slide), looked up by the piece byte itself so EMPTY and EDGE read 0: the slider
// reach kept by Position asks it of every piece found next to a changed square.
extern const uint8_t (&SLIDE_MASKS)[256];
inline uint8_t slide_mask(Piece p) { return SLIDE_MASKS[p]; }

// Kind for a letter and promotion mark as written in FEN/SFEN; NO_KIND when there is none.
Kind kind_from_letter(char lower_letter, bool promoted);

}  // namespace shishi
