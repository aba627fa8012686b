/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Random legal winning hands for property tests. */
#pragma once

#include <glib.h>
#include <string.h>

#include "mahjong-mcr.h"
#include "mahjong-tile.h"
#include "parlor-rng.h"

static inline gboolean
gen_take (guint8 *all,
          guint    tile,
          guint    n)
{
  if (all[tile] + n > 4)
    return FALSE;
  all[tile] += (guint8) n;
  return TRUE;
}

/* 4 sets + a pair (some declared), or seven pairs; the last tile is a concealed one. */
static inline void
gen_winning_hand (ParlorRng   *rng,
                  MahjongHand *h)
{
  for (;;)
    {
      guint8 all[MAHJONG_N_KINDS] = { 0 };
      guint8 tiles[14];
      guint nt = 0;
      gboolean ok = TRUE;

      mahjong_hand_clear (h);
      if (parlor_rng_below (rng, 20) == 0)
        {
          for (guint i = 0; i < 7 && ok; i++)
            {
              guint t = parlor_rng_below (rng, 34);

              ok = gen_take (all, t, 2);
              tiles[nt++] = (guint8) t, tiles[nt++] = (guint8) t;
            }
        }
      else
        {
          guint p = parlor_rng_below (rng, 34);

          ok = gen_take (all, p, 2);
          tiles[nt++] = (guint8) p, tiles[nt++] = (guint8) p;
          for (guint s = 0; s < 4 && ok; s++)
            {
              guint kind = parlor_rng_below (rng, 10);
              gboolean declare = parlor_rng_below (rng, 10) < 3;
              MahjongMeld m = { 0 };

              if (kind < 6)
                {
                  guint t = parlor_rng_below (rng, 27);

                  if (t % 9 > 6)
                    t -= 2;
                  ok = gen_take (all, t, 1) && gen_take (all, t + 1, 1) && gen_take (all, t + 2, 1);
                  m.type = MAHJONG_MELD_CHOW;
                  m.tile = (guint8) t;
                  m.source = MAHJONG_MELD_CLAIMED;
                  m.from = 1;
                  m.claimed = (guint8) (t + parlor_rng_below (rng, 3));
                  if (!declare)
                    for (guint k = 0; k < 3; k++)
                      tiles[nt++] = (guint8) (t + k);
                }
              else
                {
                  guint t = parlor_rng_below (rng, 34);
                  gboolean kong = kind == 9;

                  if (kong)
                    declare = TRUE;
                  ok = gen_take (all, t, kong ? 4 : 3);
                  m.type = kong ? MAHJONG_MELD_KONG : MAHJONG_MELD_PUNG;
                  m.tile = (guint8) t;
                  m.source = MAHJONG_MELD_CLAIMED;
                  m.from = (guint8) (1 + parlor_rng_below (rng, 3));
                  m.claimed = (guint8) t;
                  if (kong)
                    {
                      guint src = parlor_rng_below (rng, 3);

                      m.source = (guint8) src;
                      if (src == MAHJONG_MELD_CONCEALED)
                        m.from = 0, m.claimed = MAHJONG_NO_TILE;
                    }
                  if (!declare)
                    for (guint k = 0; k < 3; k++)
                      tiles[nt++] = (guint8) t;
                }
              if (ok && declare)
                h->melds[h->n_melds++] = m;
            }
        }
      if (!ok)
        continue;
      {
        guint w = parlor_rng_below (rng, nt);
        guint8 tmp = tiles[w];

        tiles[w] = tiles[nt - 1];
        tiles[nt - 1] = tmp;
      }
      for (guint i = 0; i < nt; i++)
        h->counts[tiles[i]]++;
      h->n_concealed = (guint8) nt;
      h->last_tile = tiles[nt - 1];
      return;
    }
}

static inline void
gen_situation (ParlorRng         *rng,
               const MahjongHand *h,
               McrSituation      *sit)
{
  guint8 all[MAHJONG_N_KINDS];
  gboolean kongs = FALSE;

  mahjong_hand_all_counts (h, all);
  for (guint i = 0; i < h->n_melds; i++)
    kongs |= h->melds[i].type == MAHJONG_MELD_KONG;
  memset (sit, 0, sizeof *sit);
  sit->prevalent_wind = (guint8) parlor_rng_below (rng, 4);
  sit->seat_wind = (guint8) parlor_rng_below (rng, 4);
  sit->flowers = (guint8) parlor_rng_below (rng, 9);
  if (parlor_rng_below (rng, 2))
    {
      sit->flags |= MCR_WIN_SELF_DRAWN;
      if (kongs && parlor_rng_below (rng, 4) == 0)
        sit->flags |= MCR_WIN_KONG_REPLACEMENT;
      if (parlor_rng_below (rng, 8) == 0)
        sit->flags |= MCR_WIN_LAST_TILE_DRAW;
    }
  else if (parlor_rng_below (rng, 8) == 0)
    sit->flags |= MCR_WIN_LAST_TILE_CLAIM;
  else if (all[h->last_tile] == 1 && parlor_rng_below (rng, 8) == 0)
    sit->flags |= MCR_WIN_ROBBING_KONG;
  if (h->counts[h->last_tile] == 1 && parlor_rng_below (rng, 8) == 0)
    sit->flags |= MCR_WIN_LAST_TILE;
}
