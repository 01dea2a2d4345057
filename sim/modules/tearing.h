// Tearing of cloth grids: a structural link (a row's or a column's: the yarns) stretched beyond
// (1 + break_strain) times its rest length breaks, for good, on the GPU with no round trip to the
// CPU; a shear link (a cell's diagonal: the weave's resistance to shearing, which stretches it far
// beyond any break strain without tearing) breaks with its cell, when one of the cell's edges
// does; and any link the viewer's knife crosses breaks. Every grid whose material has a break
// strain tears, on either solver path.
//
// What a torn link is lives in the particle state (shaders/link_state_layout.h): one uint per node
// with a bit per link direction, set at both ends. So every pass over a tearable grid reads one
// word for the node it handles and skips what is torn: the grid path's sweeps and springs, the
// general path's constraints, springs and bending (which hold the bit to test), the blow-up watch.
// The strain limits read how far a node reaches along its row and column before a torn link, which
// this module recounts for the rows and columns that changed; the tethers are cut where their
// line to the pin crosses a torn link (tethers.h).
//
// Where it tears. A link breaks where the pull on the cloth gathers, at the tip of a tear. The
// sweeps leave the links as the material's stiffness shares that pull; the strain limits and the
// tethers after them hold the cloth within its limit by moving whole rows, and would spread the
// pull evenly and hide the tip. So the links are judged right after the sweeps, before the
// limits move them (Stage::after_sweeps). And a link stretched beyond half its break strain
// yields: the strain limits no longer hold pairs of nodes across it (its reach stops there, as at
// a torn link), so the pull on it is the material's alone and can grow until it breaks. A cloth
// below half its break strain everywhere keeps every limit.
//
// Passes, once per substep right after the sweeps: tear_links.comp (one thread per node: breaks
// links, and marks the rows and columns whose yielding links changed) and update_reach.comp. The
// viewer's knife cuts links through its own module (sim/modules/knife.h), with the same two
// functions below. Which triangles still have all their edges: intact_triangles
// (sim/model/link_state.h).
#pragma once

#include <string>
#include <vector>

#include <glm/vec4.hpp>

#include "shaders/tearing_layout.h"
#include "sim/model/link_state.h"
#include "sim/modules/grid_set.h"
#include "sim/core/mirrored_module.h"

namespace weft {

// The CPU reference of shaders/tear_link.glsl: breaks the link from `node` of `grid` in forward
// direction k (0, 2, 4, 6) to `other`, and counts it.
void tear_link(const gpu::GridParams& grid, uint32_t node, uint32_t k, uint32_t other,
               std::vector<uint32_t>& link_state, uint32_t& torn_links);
// Whether the link from particle a to particle b, in rest-length slot `slot` of the grid, is
// stretched beyond half its break strain (shaders/tear_link.glsl).
template <typename Real>
bool link_yields(const gpu::GridParams& grid, const std::vector<glm::vec<4, Real>>& positions,
                 uint32_t a, uint32_t b, uint32_t slot);
// The CPU reference of shaders/update_reach.comp over these grids.
template <typename Real>
void update_reach(const GridSet& grids, const std::vector<glm::vec<4, Real>>& positions,
                  std::vector<uint32_t>& link_state);
// The reach pass of a module over these grids, and its traffic.
extern const PassInfo kUpdateReach;
uint64_t update_reach_bytes(const GridSet& grids);

class Tearing final : public MirroredModule<Tearing> {
 public:
  explicit Tearing(const ModuleContext& context);

  std::string_view name() const override { return "tearing"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !grids_.empty(); }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const GridSet& grids() const { return grids_; }

 private:
  friend class MirroredModule<Tearing>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  void tear(CpuPass<Real>& pass) const;

  std::vector<size_t> model_grids_;  // the index in Model::grids of each of grids_
  GridSet grids_;
};

}  // namespace weft
