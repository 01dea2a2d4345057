// How many pieces a model's tearable cloth has come apart into, and how many of them still hang
// from something: what a user asks of a cloth that tore ("did it tear in two, and did a piece
// fall?"). A piece is a set of nodes of one grid joined by links that have not torn (structural
// or shear); it is held when one of its nodes is pinned (inverse mass 0: a pin or an anchor).
#pragma once

#include <cstdint>
#include <span>

namespace weft {

struct Model;

struct TornPieces {
  uint32_t pieces = 0;  // over every grid that can tear; 1 per such grid while it is whole
  uint32_t held = 0;    // of those, the pieces with a pinned node
};

// `link_state`: one per particle (shaders/link_state_layout.h).
TornPieces count_torn_pieces(const Model& model, std::span<const uint32_t> link_state);

}  // namespace weft
