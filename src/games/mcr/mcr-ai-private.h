/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mcr-ai.h"

G_BEGIN_DECLS

/* How close a 13-tile hand is to a complete hand worth 8 fan (mcr-ai-plan.c). */
typedef struct
{
  int    need;        /* fewest tiles to draw (a ready hand needs 1), fan shortfall included */
  guint  accept;      /* live copies of the tiles that lower it */
  guint  n_routes;    /* fan routes at that distance */
} McrAiPlan;

void mcr_ai_plan (const guint8      *counts,
                  const MahjongMeld *melds,
                  guint              n_melds,
                  guint              seat_wind,
                  guint              prevalent,
                  const guint8      *visible,
                  McrAiPlan         *out);

G_END_DECLS
