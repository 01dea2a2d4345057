#version 450
// Grid path, pass 3 of a substep: Jacobi sweeps over every distance constraint of the cloth
// grids, several in one dispatch. A workgroup loads a square of WEFT_GRID_TILE_SPAN nodes a side
// into shared memory, a few nodes per invocation, and sweeps it there: each node gathers the XPBD
// correction of each of its constraints from the positions of the previous sweep. What a node
// knows moves one link per sweep (two where the bend links are constraints), so after the
// dispatch's sweeps the nodes at least that far inside the square (push.tile a side) hold
// exactly what as many separate sweeps over the whole grid would have left there; only they are
// written, and the squares of neighbouring workgroups overlap so that every node is some
// workgroup's to write. A whole substep's sweeps are one dispatch instead of one each, and the
// positions are read and written once instead of once per sweep.
// Both ends of a constraint compute it identically (owner minus other, from the same inputs);
// the owner (lower index) keeps its multiplier. Corrections are scaled by jacobi_scale so that
// the sum over a node's constraints cannot overshoot. A dispatch reads the positions (or the
// scratch copy) and writes the other buffer, so no workgroup reads what another writes. The
// grids' bending is solved before the sweeps (bend_grid_lines.comp), and so is the stretch of
// their structural links (stretch_grid_lines.comp).
// Mirrors GridJacobi::relax in sim/modules/grid_jacobi.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  GridTilesPush push;
};
// Multipliers: WEFT_GRID_LAMBDAS_PER_PARTICLE slots per node, indexed by thread.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BINDING_LAMBDAS) buffer LambdasBuffer {
  float lambdas[];
};
// Positions written by even dispatches and read by odd ones, indexed by thread.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BINDING_SCRATCH) buffer ScratchBuffer {
  vec4 scratch[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BINDING_LAMBDAS_SCRATCH) buffer
    LambdasScratchBuffer {
  float lambdas_scratch[];
};

// The square's nodes as the last sweep left them, and the multipliers of the links they own.
#define SQUARE (WEFT_GRID_TILE_SPAN * WEFT_GRID_TILE_SPAN)
shared vec4 tile_positions[SQUARE];
shared float tile_lambdas[SQUARE * 6];

// The position of the node at `thread` (particle `particle`) as the previous dispatch left it.
vec4 source_position(uint thread, uint particle) {
  return push.read_scratch != 0u ? scratch[thread] : positions[particle];
}

// The multiplier of the link in `slot` (of kind `kind`) as the previous dispatch left it; 0 on a
// substep's first sweep, but for the structural links the line solve has just written.
float source_lambda(GridParams grid, uint slot, uint kind) {
  if (grid.uses_lambdas == 0u) return 0.0;
  bool restart = push.reset_lambda != 0u &&
                 (kind != 0u || grid.structural_solved_along_lines == 0u);
  if (restart) return 0.0;
  return push.read_scratch != 0u ? lambdas_scratch[slot] : lambdas[slot];
}

void write_lambda(GridParams grid, uint slot, float value) {
  if (grid.uses_lambdas == 0u) return;
  if (push.read_scratch != 0u) {
    lambdas[slot] = value;
  } else {
    lambdas_scratch[slot] = value;
  }
}

// The squares of a grid: push.tile nodes a side each, as many as cover it.
uint tiles_of(GridParams grid) {
  return ((grid.columns + push.tile - 1u) / push.tile) * ((grid.rows + push.tile - 1u) / push.tile);
}

// A node of the square, as the invocation that sweeps it keeps it.
struct Node {
  uint local;     // its index in the square
  int column;     // in the grid
  int row;
  bool on_grid;
  uint owned;     // the links it owns (the even directions, to a higher index): their slots
  uint links;     // its torn links (link_state_layout.h)
  vec4 p;
  float own[6];   // the multipliers in its slots
  vec3 velocity;  // Euler integrators
};

// One sweep at a node of the square: its correction and its slots' new multipliers, from the
// square as the last sweep left it.
void sweep_node(GridParams grid, Node node, out vec3 correction, out float next[6]) {
  correction = vec3(0.0);
  next = node.own;
  if (!node.on_grid) return;
  int local_column = int(node.local % WEFT_GRID_TILE_SPAN);
  int local_row = int(node.local / WEFT_GRID_TILE_SPAN);
  vec4 p = node.p;
  [[unroll]] for (uint k = 0u; k < 12u; ++k) {
    uint j;
    if ((grid.constraint_kinds & kKindBit[k]) == 0u ||
        !grid_neighbour(grid, uint(node.column), uint(node.row), k, j)) {
      continue;
    }
    bool forward = (k & 1u) == 0u;
    uint slot = k / 2u;
    // A neighbour outside the square: this node is in the halo, and what it computes is never
    // written.
    int other_column = local_column + kColumnOffset[k];
    int other_row = local_row + kRowOffset[k];
    if (other_column < 0 || other_column >= WEFT_GRID_TILE_SPAN || other_row < 0 ||
        other_row >= WEFT_GRID_TILE_SPAN) {
      continue;
    }
    uint other = uint(other_row * WEFT_GRID_TILE_SPAN + other_column);
    vec4 q = tile_positions[other];
    vec4 po = forward ? p : q;
    vec4 pt = forward ? q : p;
    if (link_torn(node.links, k)) {
      if (forward) next[slot] = 0.0;
      continue;
    }
    float lambda = forward ? node.own[slot] : tile_lambdas[other * 6u + slot];
    float w = po.w + pt.w;
    vec3 d = po.xyz - pt.xyz;
    float len = length(d);
    if (w == 0.0 || len == 0.0) {
      if (forward) next[slot] = lambda;
      continue;
    }
    float rest = grid_rest_length(grid, slot);
    // Softer while compressed where the material buckles (sim/model/link.h).
    float compliance = len < rest ? grid.compression[kKind[k]] : grid.compliance[kKind[k]];
    float alpha = compliance / (params.dt * params.dt);
    vec3 n = d / len;
    float delta_lambda = grid.jacobi_scale * (-(len - rest) - alpha * lambda) / (w + alpha);
    if (forward) next[slot] = lambda + delta_lambda;
    correction += forward ? (p.w * delta_lambda) * n : (-p.w * delta_lambda) * n;
  }
}

void main() {
  // Every invocation of a workgroup works on the same square: the test is uniform.
  uint tile = thread_index() / WEFT_GROUP_SIZE;
  if (tile >= push.thread_count / WEFT_GROUP_SIZE) return;
  uint g = 0u;
  uint first_tile = 0u;
  for (; g + 1u < push.grid_count; ++g) {
    uint tiles = tiles_of(grids[g]);
    if (tile < first_tile + tiles) break;
    first_tile += tiles;
  }
  GridParams grid = grids[g];
  uint across = (grid.columns + push.tile - 1u) / push.tile;
  uint halo = (WEFT_GRID_TILE_SPAN - push.tile) / 2u;
  int left = int(((tile - first_tile) % across) * push.tile) - int(halo);
  int top = int(((tile - first_tile) / across) * push.tile) - int(halo);

  // Each invocation keeps WEFT_GRID_TILE_NODES nodes of the square, WEFT_GROUP_SIZE apart.
  Node nodes[WEFT_GRID_TILE_NODES];
  [[unroll]] for (uint n = 0u; n < WEFT_GRID_TILE_NODES; ++n) {
    Node node;
    node.local = gl_LocalInvocationIndex + n * WEFT_GROUP_SIZE;
    node.column = left + int(node.local % WEFT_GRID_TILE_SPAN);
    node.row = top + int(node.local / WEFT_GRID_TILE_SPAN);
    node.on_grid = node.local < SQUARE && node.column >= 0 && node.column < int(grid.columns) &&
                   node.row >= 0 && node.row < int(grid.rows);
    uint index = node.on_grid ? uint(node.row) * grid.columns + uint(node.column) : 0u;
    uint t = grid.first_thread + index;
    uint i = grid.first_particle + index;
    node.owned = 0u;
    [[unroll]] for (uint k = 0u; k < 12u; k += 2u) {
      uint j;
      if (node.on_grid && (grid.constraint_kinds & kKindBit[k]) != 0u &&
          grid_neighbour(grid, uint(node.column), uint(node.row), k, j)) {
        node.owned |= 1u << (k / 2u);
      }
    }
    node.p = node.on_grid ? source_position(t, i) : vec4(0.0);
    [[unroll]] for (uint s = 0u; s < 6u; ++s) {
      node.own[s] = (node.owned & (1u << s)) != 0u
                        ? source_lambda(grid, t * WEFT_GRID_LAMBDAS_PER_PARTICLE + s,
                                        kKind[2u * s])
                        : 0.0;
    }
    // Links that tore are skipped, their multipliers kept at 0 (tearing_layout.h).
    node.links = node.on_grid && grid.break_strain > 0.0 ? link_state[i] : 0u;
    node.velocity = node.on_grid && !integrator_is_verlet() ? velocities[i].xyz : vec3(0.0);
    if (node.local < SQUARE) {
      tile_positions[node.local] = node.p;
      [[unroll]] for (uint s = 0u; s < 6u; ++s)
        tile_lambdas[node.local * 6u + s] = node.own[s];
    }
    nodes[n] = node;
  }
  barrier();

  for (uint sweep = 0u; sweep < push.sweeps; ++sweep) {
    vec3 corrections[WEFT_GRID_TILE_NODES];
    float next[WEFT_GRID_TILE_NODES][6];
    [[unroll]] for (uint n = 0u; n < WEFT_GRID_TILE_NODES; ++n)
      sweep_node(grid, nodes[n], corrections[n], next[n]);
    barrier();  // every node has read the last sweep's values
    [[unroll]] for (uint n = 0u; n < WEFT_GRID_TILE_NODES; ++n) {
      nodes[n].p = vec4(nodes[n].p.xyz + corrections[n], nodes[n].p.w);
      nodes[n].own = next[n];
      if (!integrator_is_verlet()) nodes[n].velocity += corrections[n] / params.dt;
      if (nodes[n].local < SQUARE) {
        tile_positions[nodes[n].local] = nodes[n].p;
        [[unroll]] for (uint s = 0u; s < 6u; ++s)
          tile_lambdas[nodes[n].local * 6u + s] = nodes[n].own[s];
      }
    }
    barrier();
  }

  [[unroll]] for (uint n = 0u; n < WEFT_GRID_TILE_NODES; ++n) {
    Node node = nodes[n];
    uint local_column = node.local % WEFT_GRID_TILE_SPAN;
    uint local_row = node.local / WEFT_GRID_TILE_SPAN;
    bool inside = local_column >= halo && local_column < halo + push.tile && local_row >= halo &&
                  local_row < halo + push.tile;
    if (!node.on_grid || !inside) continue;
    uint index = uint(node.row) * grid.columns + uint(node.column);
    uint t = grid.first_thread + index;
    uint i = grid.first_particle + index;
    if (push.read_scratch != 0u) {
      positions[i] = node.p;
    } else {
      scratch[t] = node.p;
    }
    [[unroll]] for (uint s = 0u; s < 6u; ++s) {
      if ((node.owned & (1u << s)) != 0u) {
        write_lambda(grid, t * WEFT_GRID_LAMBDAS_PER_PARTICLE + s, node.own[s]);
      }
    }
    if (!integrator_is_verlet()) velocities[i].xyz = node.velocity;
  }
}
