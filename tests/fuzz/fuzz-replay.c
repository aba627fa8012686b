/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-replay"

#include "config.h"

#include "parlor-games.h"
#include "parlor-replay.h"
#include "parlor-replay-cursor.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* A replay file as the viewer opens one (a table's record or a seat's
 * view): the reader's checks, the verifier, then the cursor to every step, back, every hand, each
 * seat's view and log. Either a cursor or an error with words, never a
 * crash or a hang. */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorReplayCursor) cursor = NULL;
  g_autoptr(GError) verify_error = NULL;
  gboolean verified;
  guint n_games = 0;
  guint n;
  int only;

  /* The bytes as the one reader takes them: every byte, NUL or not. */
  if (!parlor_replay_check_text ((const char *) data, size, &error))
    {
      g_assert_true (error->message[0] != '\0');
      return 0;
    }
  text = g_strndup ((const char *) data, size);
  verified = parlor_replay_verify (text, parlor_games_lookup, &n_games, &verify_error);
  g_assert_true (verified != (verify_error != NULL));
  g_assert_true (!verified || n_games >= 1);

  cursor = parlor_replay_cursor_new (text, parlor_games_lookup, 0, &error);
  /* One set of rules: a table's record the verifier takes, the viewer takes. */
  if (!parlor_replay_is_seat_view (text))
    g_assert_true ((cursor != NULL) == verified);
  if (cursor == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->message[0] != '\0');
      return 0;
    }

  n = parlor_replay_cursor_get_n_steps (cursor);
  g_assert_true (parlor_replay_cursor_go_to (cursor, n, NULL));
  only = parlor_replay_cursor_get_view_seat (cursor);
  for (int s = -1; s < (int) parlor_replay_cursor_get_n_seats (cursor); s++)
    {
      g_autofree char *view = parlor_replay_cursor_dup_view (cursor, s);
      g_autoptr(GPtrArray) log = parlor_replay_cursor_dup_log (cursor, n, s);
      g_autofree char *words = parlor_replay_cursor_describe_step (cursor, n, s);

      /* A seat's view has no other seat's. */
      if (only >= 0 && s != only)
        g_assert_null (view);
      else
        g_assert_nonnull (view);
      g_assert_nonnull (log);
      g_assert_nonnull (words);
    }
  /* A seat's view is reviewed from its views alone: the computer player
   * reads each one a move was made from (the weakest level: the same reader). */
  for (guint k = 0; only >= 0 && k <= n; k++)
    {
      const ParlorGameInfo *info = parlor_replay_cursor_get_info (cursor);
      const char *view = parlor_replay_cursor_get_seen_view (cursor, k);
      g_autoptr(GError) choose_error = NULL;
      g_autofree char *choice = NULL;

      g_assert_nonnull (view);
      if (parlor_replay_cursor_get_move (cursor, k) == NULL || info->ai_choose == NULL)
        continue;
      choice = info->ai_choose (info->ai_levels[0], view, 1, NULL, &choose_error);
      g_assert_true ((choice != NULL) != (choose_error != NULL));
    }
  for (guint h = 0; h < parlor_replay_cursor_get_n_hands (cursor); h++)
    g_assert_true (parlor_replay_cursor_go_to (cursor,
                                               parlor_replay_cursor_get_hand_step (cursor, h), NULL));
  if (parlor_replay_cursor_back (cursor))
    g_assert_true (parlor_replay_cursor_forward (cursor));
  g_assert_false (parlor_replay_cursor_go_to (cursor, n + 1, &error));
  g_assert_nonnull (error);
  return 0;
}
