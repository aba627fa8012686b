/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-review"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-line.h"
#include "parlor-review.h"
#include "parlor-rng.h"

void
parlor_review_entry_free (ParlorReviewEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->view);
  g_free (entry->played);
  g_free (entry->best);
  g_free (entry->played_words);
  g_free (entry->best_words);
  parlor_review_cost_clear (&entry->cost);
  g_free (entry);
}

/* The decision's seed: the review's, mixed with the view (FNV-1a), so that a
 * decision's review depends on nothing but what the seat saw. */
static guint64
decision_seed (guint64     seed,
               const char *view)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (const guchar *p = (const guchar *) view; *p != '\0'; p++)
    h = (h ^ *p) * G_GUINT64_CONSTANT (0x100000001b3);
  return parlor_rng_splitmix64 (seed ^ parlor_rng_splitmix64 (h));
}

/* An action line in words, as the game log says it of the reader. */
static char *
action_words (const ParlorGameInfo *info,
              const char           *action)
{
  static const char * const reader[] = { "", "", "", "", "", "", "", "", NULL };

  if (info->describe == NULL)
    return g_strdup (action);
  return info->describe (action, reader);
}

ParlorReviewEntry *
parlor_review_decision (const ParlorGameInfo *info,
                        const char           *view,
                        const char           *played,
                        guint64               seed,
                        GCancellable         *cancellable,
                        GError              **error)
{
  g_autoptr(ParlorReviewEntry) entry = NULL;
  const char *level;
  guint n_levels;
  guint64 own_seed;
  g_autofree char *best = NULL;

  g_return_val_if_fail (info != NULL && view != NULL && played != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (info->ai_choose == NULL || info->ai_levels == NULL || info->ai_levels[0] == NULL)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("%s has no computer player to review a game"), _(info->name));
      return NULL;
    }
  n_levels = g_strv_length ((char **) info->ai_levels);
  level = info->ai_levels[n_levels - 1];
  own_seed = decision_seed (seed, view);
  best = info->ai_choose (level, view, own_seed, cancellable, error);
  if (best == NULL)
    return NULL;
  if (g_str_equal (best, played))
    return NULL;

  entry = g_new0 (ParlorReviewEntry, 1);
  if (info->review_cost != NULL)
    {
      if (!info->review_cost (view, played, best, parlor_rng_splitmix64 (own_seed), cancellable,
                              &entry->cost, error))
        return NULL;
      if (!entry->cost.worse)
        return NULL;
    }
  else
    {
      entry->cost.worse = TRUE;
      entry->cost.explanation = g_strdup (_("The computer player would have chosen otherwise."));
    }

  entry->view = g_strdup (view);
  entry->played = g_strdup (played);
  entry->best = g_steal_pointer (&best);
  entry->played_words = g_steal_pointer (&entry->cost.played_words);
  entry->best_words = g_steal_pointer (&entry->cost.best_words);
  if (entry->played_words == NULL)
    entry->played_words = action_words (info, entry->played);
  if (entry->best_words == NULL)
    entry->best_words = action_words (info, entry->best);
  return g_steal_pointer (&entry);
}

gboolean
parlor_review_actions (ParlorGame               *game,
                       const ParlorReviewAction *actions,
                       guint                     n_actions,
                       gboolean                  automatic,
                       guint                     seat,
                       guint                     game_index,
                       guint64                   seed,
                       GCancellable             *cancellable,
                       GPtrArray                *entries,
                       GError                  **error)
{
  const ParlorGameInfo *info;
  g_autoptr(GPtrArray) events = parlor_event_array_new ();

  g_return_val_if_fail (PARLOR_IS_GAME (game), FALSE);
  g_return_val_if_fail (actions != NULL || n_actions == 0, FALSE);
  g_return_val_if_fail (entries != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  info = parlor_game_get_info (game);
  if (seat >= parlor_game_get_n_seats (game))
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("This game of %s has no seat %u"), _(info->name), seat);
      return FALSE;
    }

  parlor_game_start (game, events);
  for (guint i = 0; i < n_actions; i++)
    {
      const ParlorReviewAction *a = &actions[i];
      g_autofree char *automatic_action = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (automatic && !parlor_game_play_automatic (game, NULL, NULL, error))
        return FALSE;
      if (a->seat == seat && parlor_game_is_waiting_for (game, seat) &&
          (automatic_action = parlor_game_get_automatic_action (game, seat)) == NULL)
        {
          g_autofree char *view = parlor_game_view_for (game, (int) seat);
          ParlorReviewEntry *entry;
          g_autoptr(GError) local_error = NULL;

          entry = parlor_review_decision (info, view, a->line, seed, cancellable, &local_error);
          if (local_error != NULL)
            {
              if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
                g_propagate_error (error, g_steal_pointer (&local_error));
              else
                g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_MISMATCH,
                             _("The computer player cannot judge move %u: %s"), i + 1,
                             local_error->message);
              return FALSE;
            }
          if (entry != NULL)
            {
              entry->game = game_index;
              entry->step = i;
              entry->seat = seat;
              entry->timeout = a->timeout;
              g_ptr_array_add (entries, entry);
            }
        }
      g_ptr_array_set_size (events, 0);
      if (!parlor_game_apply (game, a->seat, a->line, events, error))
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const ParlorGameInfo *info;
  ParlorGame           *game;
  gboolean              automatic;
  GArray               *actions;   /* ParlorReviewAction, lines owned by the record */
  GPtrArray            *records;   /* ParlorLine */
} Block;

static gboolean
review_block (Block         *block,
              guint          seat,
              guint          index,
              guint64        seed,
              GCancellable  *cancellable,
              GPtrArray     *entries,
              GError       **error)
{
  gboolean ok;

  if (block->game == NULL)
    return TRUE;
  ok = parlor_review_actions (block->game, (const ParlorReviewAction *) (gpointer) block->actions->data,
                              block->actions->len, block->automatic, seat, index, seed,
                              cancellable, entries, error);
  g_clear_object (&block->game);
  g_array_set_size (block->actions, 0);
  return ok;
}

GPtrArray *
parlor_review_replay (const char         *text,
                      ParlorReplayLookup  lookup,
                      guint               seat,
                      guint64             seed,
                      GCancellable       *cancellable,
                      GError            **error)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GArray) actions = NULL;
  g_auto(GStrv) lines = NULL;
  Block block = { 0 };
  guint n_games = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (text != NULL && lookup != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!parlor_replay_verify (text, lookup, &n_games, error))
    return NULL;
  if (n_games == 0)
    {
      g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                           _("The replay holds no game"));
      return NULL;
    }

  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_review_entry_free);
  records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_line_free);
  actions = g_array_new (FALSE, FALSE, sizeof (ParlorReviewAction));
  block.actions = actions;
  n_games = 0;

  /* The verifier has read every record: these parse. */
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; ok && lines[i] != NULL; i++)
    {
      ParlorLine *record;
      const char *type;

      g_strstrip (lines[i]);
      if (*lines[i] == '\0')
        continue;
      record = parlor_line_parse (lines[i], NULL);
      if (record == NULL)
        continue;
      g_ptr_array_add (records, record);
      type = parlor_line_get_type (record);
      if (g_str_equal (type, "game"))
        {
          const char *config = parlor_line_get (record, "config");
          guint64 game_seed = 0;
          gint64 version = 1;

          if (block.game != NULL)
            ok = review_block (&block, seat, n_games++, seed, cancellable, entries, error);
          if (!ok)
            break;
          block.info = parlor_replay_lookup_game (lookup, record);
          g_ascii_string_to_unsigned (parlor_line_get (record, "seed"), 10, 0, G_MAXUINT64,
                                      &game_seed, NULL);
          if (parlor_line_has (record, "version"))
            parlor_line_get_int (record, "version", 1, G_MAXINT, &version, NULL);
          block.automatic = version < 2 && MAX (block.info->replay_version, 1) >= 2;
          block.game = block.info->new_game (config != NULL ? config : "", game_seed, error);
          ok = block.game != NULL;
        }
      else if (g_str_equal (type, "action") && block.game != NULL)
        {
          ParlorReviewAction a = { 0 };
          gint64 s = 0;

          parlor_line_get_int (record, "seat", 0, G_MAXINT, &s, NULL);
          a.seat = (guint) s;
          a.line = parlor_line_get (record, "line");
          a.timeout = parlor_line_has (record, "timeout");
          g_array_append_val (actions, a);
        }
    }
  if (ok && block.game != NULL)
    ok = review_block (&block, seat, n_games, seed, cancellable, entries, error);
  g_clear_object (&block.game);

  return ok ? g_steal_pointer (&entries) : NULL;
}
