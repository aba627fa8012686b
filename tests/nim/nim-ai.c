/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "nim"

#include "config.h"

#include "nim-ai.h"
#include "nim-view.h"
#include "parlor-game.h"
#include "parlor-rng.h"

char *
nim_ai_choose (const char    *level,
               const char    *view_line,
               guint64        seed,
               GCancellable  *cancellable,
               GError       **error)
{
  NimView view;
  ParlorRng rng;

  if (!nim_view_parse (view_line, &view, error))
    return NULL;
  if (view.n_actions == 0)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN, "Nothing to do");
      return NULL;
    }
  if (g_strcmp0 (level, "perfect") == 0 && view.pile % 4 != 0 && view.pile % 4 <= view.n_actions)
    return g_strdup (view.actions[view.pile % 4 - 1]);
  parlor_rng_init (&rng, seed, 5);
  return g_strdup (view.actions[parlor_rng_below (&rng, view.n_actions)]);
}
