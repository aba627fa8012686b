/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-hint"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "parlor-hint.h"
#include "parlor-line.h"
#include "parlor-rng.h"

#define MAX_NAMES 8

/* As src/games/parlor-review.c mixes a decision's seed: the review's with
 * the view line (FNV-1a). */
guint64
parlor_hint_seed (const char *view)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  g_return_val_if_fail (view != NULL, 0);

  for (const guchar *p = (const guchar *) view; *p != '\0'; p++)
    h = (h ^ *p) * G_GUINT64_CONSTANT (0x100000001b3);
  return parlor_rng_splitmix64 (PARLOR_HINT_REVIEW_SEED ^ parlor_rng_splitmix64 (h));
}

const char *
parlor_hint_level (const ParlorGameInfo *info)
{
  guint n;

  g_return_val_if_fail (info != NULL, NULL);

  if (info->ai_levels == NULL || info->ai_levels[0] == NULL)
    return NULL;
  n = g_strv_length ((char **) info->ai_levels);
  return info->ai_levels[n - 1];
}

/* The action as the viewer's own event, so describe says "You …". */
static char *
describe_action (const ParlorGameInfo *info,
                 const char           *action,
                 int                   seat,
                 const char * const   *seat_names)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (action, NULL);
  g_autofree char *own = NULL;
  g_autoptr(GPtrArray) numbered = g_ptr_array_new_with_free_func (g_free);
  const char *names[MAX_NAMES + 1] = { NULL };
  gboolean ended = seat_names == NULL;

  if (info->describe == NULL)
    return g_strdup (action);

  for (guint i = 0; i < MAX_NAMES; i++)
    {
      ended = ended || seat_names[i] == NULL;
      if (!ended)
        names[i] = seat_names[i];
      else
        {
          names[i] = g_strdup_printf (_("Seat %u"), i + 1);
          g_ptr_array_add (numbered, (char *) names[i]);
        }
    }
  if (seat >= 0 && seat < MAX_NAMES)
    names[seat] = "";

  if (line != NULL && seat >= 0 && !parlor_line_has (line, "seat"))
    {
      parlor_line_set_int (line, "seat", seat);
      own = parlor_line_to_string (line, NULL);
    }
  return info->describe (own != NULL ? own : action, names);
}

ParlorHint *
parlor_hint_compute (const ParlorGameInfo *info,
                     const char           *view,
                     const char * const   *seat_names,
                     GCancellable         *cancellable,
                     GError              **error)
{
  g_autoptr(ParlorHint) hint = g_new0 (ParlorHint, 1);
  g_autoptr(ParlorLine) parsed = NULL;
  const char *level;
  gint64 seat = -1;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  level = parlor_hint_level (info);
  if (level == NULL || info->ai_choose == NULL)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("This game has no computer player to give a hint"));
      return NULL;
    }
  parsed = parlor_line_parse (view, NULL);
  if (parsed != NULL)
    parlor_line_get_int (parsed, "seat", 0, MAX_NAMES - 1, &seat, NULL);

  hint->action = info->ai_choose (level, view, parlor_hint_seed (view), cancellable, error);
  if (hint->action == NULL)
    return NULL;
  if (info->describe_move != NULL)
    hint->words = info->describe_move (view, hint->action);
  if (hint->words == NULL)
    hint->words = describe_action (info, hint->action, (int) seat, seat_names);
  if (info->hint_notes != NULL)
    hint->notes = info->hint_notes (view, hint->action);

  return g_steal_pointer (&hint);
}

void
parlor_hint_free (ParlorHint *hint)
{
  if (hint == NULL)
    return;
  g_free (hint->action);
  g_free (hint->words);
  g_free (hint->notes);
  g_free (hint);
}

char *
parlor_hint_to_text (const ParlorHint *hint)
{
  g_return_val_if_fail (hint != NULL, NULL);

  if (hint->notes == NULL || *hint->notes == '\0')
    return g_strdup (hint->words);
  return g_strconcat (hint->words, "\n", hint->notes, NULL);
}
