/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "nim"

#include "config.h"

#include "nim-rules.h"

void
nim_rules_init (NimState *state,
                guint     pile,
                guint     first)
{
  g_return_if_fail (state != NULL && first < NIM_N_SEATS);

  state->pile = pile;
  state->turn = first;
  state->winner = -1;
}

guint
nim_rules_max (const NimState *state,
               guint           seat)
{
  g_return_val_if_fail (state != NULL, 0);

  if (state->winner >= 0 || seat != state->turn)
    return 0;
  return MIN (state->pile, NIM_MAX_TAKE);
}

gboolean
nim_rules_take (NimState *state,
                guint     seat,
                guint     stones)
{
  g_return_val_if_fail (state != NULL, FALSE);

  if (stones == 0 || stones > nim_rules_max (state, seat))
    return FALSE;
  state->pile -= stones;
  if (state->pile == 0)
    state->winner = (int) seat;
  else
    state->turn = 1 - seat;
  return TRUE;
}
