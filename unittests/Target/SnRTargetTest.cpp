//===- SnRTargetTest.cpp - The snr ISA's address spaces -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the reports ask of an snr address space: its family and chip (the
// chips are folded into spaces, "rhbm<2>"), and its kind.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/SnR/SnRTarget.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::target;

namespace {

TEST(SnRTargetTest, SpacesKnowTheirFamilyChipAndKind) {
  SnRTarget target;
  SpaceId hbm = SnRTarget::getSpaceId(arch::MemSpace::Hbm, 0);
  SpaceId vmem = SnRTarget::getSpaceId(arch::MemSpace::VMem, 0);
  SpaceId smem = SnRTarget::getSpaceId(arch::MemSpace::SMem, 0);
  SpaceId remote = SnRTarget::getSpaceId(arch::MemSpace::RemoteHbm, 2);

  EXPECT_EQ(target.getSpaceName(remote), "rhbm<2>");
  SpaceInfo info = target.getSpaceInfo(remote);
  EXPECT_EQ(info.family, "rhbm");
  EXPECT_EQ(info.device, 2u);
  EXPECT_EQ(info.kind, SpaceKind::Remote);

  EXPECT_EQ(target.getSpaceInfo(hbm).family, "hbm");
  EXPECT_EQ(target.getSpaceInfo(hbm).device, 0u);
  EXPECT_EQ(target.getSpaceInfo(hbm).kind, SpaceKind::Main);
  EXPECT_EQ(target.getSpaceInfo(vmem).kind, SpaceKind::OnChip);
  EXPECT_EQ(target.getSpaceInfo(smem).kind, SpaceKind::OnChip);
  EXPECT_EQ(target.getSpaceInfo(smem).family, "smem");
}

} // namespace
