/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-table-state"

#include "config.h"

#include <string.h>

#include "mahjong-table-state.h"

void
mahjong_table_state_init (MahjongTableState *state,
                          guint              n_seats,
                          int                me)
{
  g_return_if_fail (state != NULL);
  g_return_if_fail (n_seats >= 2 && n_seats <= MAHJONG_TABLE_SEATS_MAX);

  memset (state, 0, sizeof *state);
  state->n_seats = n_seats;
  state->me = me;
  state->turn = -1;
  state->claim_tile = MAHJONG_NO_TILE;
  state->claim_from = -1;
  for (guint s = 0; s < MAHJONG_TABLE_SEATS_MAX; s++)
    {
      memset (state->seats[s].tiles, MAHJONG_NO_TILE, sizeof state->seats[s].tiles);
      state->seats[s].drawn = MAHJONG_NO_TILE;
    }
}

void
mahjong_table_state_add_action (MahjongTableState *state,
                                const char        *action)
{
  g_return_if_fail (state != NULL && action != NULL);

  if (state->n_actions >= MAHJONG_ACTIONS_MAX || strlen (action) >= MAHJONG_ACTION_LEN)
    return;
  g_strlcpy (state->actions[state->n_actions++], action, MAHJONG_ACTION_LEN);
}

gboolean
mahjong_table_state_can (const MahjongTableState *state,
                         const char              *action)
{
  g_return_val_if_fail (state != NULL && action != NULL, FALSE);

  for (guint i = 0; i < state->n_actions; i++)
    if (g_str_equal (state->actions[i], action))
      return TRUE;
  return FALSE;
}

void
mahjong_seat_state_hold (MahjongSeatState  *seat,
                         const MahjongTile *tiles,
                         guint              n_tiles,
                         MahjongTile        drawn)
{
  gboolean apart = FALSE;

  g_return_if_fail (seat != NULL && (tiles != NULL || n_tiles == 0));

  seat->n_tiles = 0;
  for (guint i = 0; i < n_tiles && seat->n_tiles < MAHJONG_HAND_MAX - 1; i++)
    {
      if (!apart && drawn != MAHJONG_NO_TILE && tiles[i] == drawn)
        apart = TRUE;
      else
        seat->tiles[seat->n_tiles++] = tiles[i];
    }
  seat->has_drawn = drawn != MAHJONG_NO_TILE;
  seat->drawn = drawn;
}
