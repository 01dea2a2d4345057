// Which links of a cloth grid node are torn (sim/modules/tearing.h), one uint per particle in the
// particle state (WEFT_BINDING_LINK_STATE), read by every pass that walks a tearable grid's links.
// Included by GLSL and C++ alike.
//
//   bits 0-11: the link in grid direction k (sim/model/grid_layout.h, grid_directions.glsl) is
//   torn.
//     Both ends of a link hold its bit (each in its own direction), so a pass reads only the
//     state of the node it handles. A bend link (+-2 along an axis) is torn when either link it
//     spans is: a node bends across its neighbours only while both links to them hold.
//   bits 12-27: per side, how far the node reaches along its row or column before a torn or
//     yielding structural link (one stretched beyond half its break strain), as a level: 0 for no
//     intact link on that side, else the bit length of the count of intact links (1 for 1, 2 for
//     2-3, 3 for 4-7, ...), at most 15. A strain limit's pair 2^k apart holds only when its node
//     reaches at least 2^k that way (level > k). Sides: row towards lower / higher columns, column
//     towards lower / higher rows.
//   bits 28, 29: a link of the node's row (on the row's first node) or of its column (on the
//     column's first node) has torn, or started or stopped yielding, since the reach was last
//     counted.
//   bits 30, 31: the node's first or second tether (tethers_layout.h) crosses a torn link, so it no
//     longer holds: check_tethers.comp writes them, relax_tethers.comp reads them.
// A particle outside every tearable grid keeps 0 and is never read.
#ifndef WEFT_LINK_STATE_H
#define WEFT_LINK_STATE_H

#define WEFT_LINK_TORN_BITS 0xfffu
#define WEFT_REACH_SHIFT 12u
#define WEFT_REACH_BITS 4u
#define WEFT_REACH_MAX_LEVEL 15u
// Sides of the reach: axis * 2 + (1 towards higher indices)
#define WEFT_REACH_ROW_LOWER 0u
#define WEFT_REACH_ROW_HIGHER 1u
#define WEFT_REACH_COLUMN_LOWER 2u
#define WEFT_REACH_COLUMN_HIGHER 3u
#define WEFT_LINK_ROW_CHANGED (1u << 28)
#define WEFT_LINK_COLUMN_CHANGED (1u << 29)
#define WEFT_LINK_TETHER_CUT_0 (1u << 30)
#define WEFT_LINK_TETHER_CUT_1 (1u << 31)

#endif  // WEFT_LINK_STATE_H
