/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-game-record"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "parlor-game-record.h"
#include "parlor-line.h"

static void
fan_free (gpointer data)
{
  ParlorRecordFan *fan = data;

  g_free (fan->name);
  g_free (fan);
}

static void
win_free (gpointer data)
{
  ParlorRecordWin *win = data;

  g_clear_pointer (&win->fans, g_ptr_array_unref);
  g_free (win);
}

ParlorGameRecord *
parlor_game_record_new (const char *game_id,
                        guint       n_seats,
                        int         seat)
{
  ParlorGameRecord *record;

  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (n_seats >= 1 && n_seats <= PARLOR_RECORD_MAX_SEATS, NULL);
  g_return_val_if_fail (seat >= 0 && (guint) seat < n_seats, NULL);

  record = g_new0 (ParlorGameRecord, 1);
  record->game_id = g_strdup (game_id);
  record->date = g_get_real_time () / G_USEC_PER_SEC;
  record->seat = seat;
  record->n_seats = n_seats;
  record->wins = g_ptr_array_new_with_free_func (win_free);
  record->events = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_seats; i++)
    record->seats[i].kind = (int) i == seat ? PARLOR_RECORD_SEAT_YOU : PARLOR_RECORD_SEAT_COMPUTER;
  return record;
}

void
parlor_game_record_free (ParlorGameRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->game_id);
  g_ptr_array_unref (record->wins);
  g_ptr_array_unref (record->events);
  g_free (record->key);
  g_free (record->result);
  g_free (record->replay);
  g_free (record);
}

void
parlor_game_record_set_seat_kind (ParlorGameRecord     *record,
                                  guint                 seat,
                                  ParlorRecordSeatKind  kind)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (seat < record->n_seats);

  record->seats[seat].kind = kind;
}

static gboolean
is_mahjong (const ParlorGameRecord *record)
{
  return g_str_equal (record->game_id, "jihai") || g_str_equal (record->game_id, "suzume") ||
         g_str_equal (record->game_id, "mcr");
}

/* The seat a key names, or -1. */
static int
get_seat (const ParlorGameRecord *record,
          const ParlorLine       *line,
          const char             *key)
{
  gint64 seat;

  if (!parlor_line_get_int (line, key, 0, record->n_seats - 1, &seat, NULL))
    return -1;
  return (int) seat;
}

static void
add_fan (ParlorRecordWin *win,
         const char      *name,
         gint64           count)
{
  ParlorRecordFan *fan;

  if (name == NULL || *name == '\0' || count <= 0 || count > 1000)
    return;
  fan = g_new0 (ParlorRecordFan, 1);
  fan->name = g_strdup (name);
  fan->count = (guint) count;
  g_ptr_array_add (win->fans, fan);
}

/* "id:N,id:N" (honor-tile lines carry points, not counts: each counts once). */
static void
add_id_list (ParlorRecordWin *win,
             const char      *list,
             gboolean         counted)
{
  g_auto(GStrv) parts = NULL;

  if (list == NULL || g_str_equal (list, "-"))
    return;
  parts = g_strsplit (list, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *colon = strchr (parts[i], ':');
      gint64 count = 1;

      if (colon != NULL)
        {
          *colon = '\0';
          if (counted)
            count = g_ascii_strtoll (colon + 1, NULL, 10);
        }
      add_fan (win, parts[i], count);
    }
}

/* "Name xN;Name xN" (Chinese Official fans by their English names). */
static void
add_name_list (ParlorRecordWin *win,
               const char      *list)
{
  g_auto(GStrv) parts = NULL;

  if (list == NULL)
    return;
  parts = g_strsplit (list, ";", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *x = g_strrstr (parts[i], " x");
      gint64 count = 1;

      if (x != NULL)
        {
          *x = '\0';
          count = g_ascii_strtoll (x + 2, NULL, 10);
        }
      add_fan (win, g_strstrip (parts[i]), count);
    }
}

static void
end_hand (ParlorGameRecord *record)
{
  for (guint s = 0; s < record->n_seats; s++)
    if (record->claimed_mask & (1u << s))
      record->seats[s].claims++;
  record->claimed_mask = 0;
}

void
parlor_game_record_add_event (ParlorGameRecord *record,
                              const char       *text)
{
  g_autoptr(ParlorLine) line = NULL;
  const char *type;
  ParlorRecordWin *win;
  gint64 value;
  int seat;

  g_return_if_fail (record != NULL);
  g_return_if_fail (text != NULL);

  /* Only the mahjong games' lines count, so only they are kept. */
  if (is_mahjong (record))
    g_ptr_array_add (record->events, g_strdup (text));
  if (!is_mahjong (record) || (line = parlor_line_parse (text, NULL)) == NULL)
    return;
  type = parlor_line_get_type (line);

  if (g_str_equal (type, "hand"))
    {
      end_hand (record);
      if (parlor_line_get_int (line, "number", 1, 10000, &value, NULL))
        record->n_hands = MAX (record->n_hands, (guint) value);
      return;
    }

  /* Claims of a discard: honor-tile `call type=pung|kong`, Chinese
   * Official `pung`/`chow`/`kong` with `from`. */
  if ((g_str_equal (type, "call") &&
       (g_strcmp0 (parlor_line_get (line, "type"), "pung") == 0 ||
        g_strcmp0 (parlor_line_get (line, "type"), "kong") == 0)) ||
      ((g_str_equal (type, "pung") || g_str_equal (type, "chow") || g_str_equal (type, "kong")) &&
       parlor_line_has (line, "from")))
    {
      if ((seat = get_seat (record, line, "seat")) >= 0)
        record->claimed_mask |= 1u << seat;
      return;
    }

  if (!g_str_equal (type, "win") && !g_str_equal (type, "tsumo") &&
      !g_str_equal (type, "ron") && !g_str_equal (type, "hu"))
    return;
  if ((seat = get_seat (record, line, "seat")) < 0)
    return;

  win = g_new0 (ParlorRecordWin, 1);
  win->hand = MAX (record->n_hands, 1);
  win->seat = (guint) seat;
  win->dealt_in = get_seat (record, line, "from");
  win->self_drawn = win->dealt_in < 0;
  win->fans = g_ptr_array_new_with_free_func (fan_free);
  if (g_str_equal (type, "win"))
    {
      if (parlor_line_get_int (line, "points", -100000, 100000, &value, NULL))
        win->points = (int) value;
      add_id_list (win, parlor_line_get (line, "lines"), FALSE);
    }
  else if (g_str_equal (type, "hu"))
    {
      if (parlor_line_get_int (line, "fan", 0, 100000, &value, NULL))
        win->points = (int) value;
      add_name_list (win, parlor_line_get (line, "fans"));
    }
  else
    {
      if (parlor_line_get_int (line, "total", -100000, 100000, &value, NULL))
        win->points = (int) value;
      add_id_list (win, parlor_line_get (line, "yaku"), TRUE);
    }
  g_ptr_array_add (record->wins, win);
}

/* "a,b,c" into @out (n values), or FALSE. */
static gboolean
parse_int_list (const char *text,
                guint       n,
                int        *out)
{
  g_auto(GStrv) parts = NULL;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit (text, ",", -1);
  if (g_strv_length (parts) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;
      gint64 v = g_ascii_strtoll (parts[i], &end, 10);

      if (end == parts[i] || *end != '\0' || v < -1000000 || v > 1000000)
        return FALSE;
      out[i] = (int) v;
    }
  return TRUE;
}

gboolean
parlor_game_record_set_result (ParlorGameRecord  *record,
                               const char        *text,
                               GError           **error)
{
  g_autoptr(ParlorLine) line = NULL;
  int scores[PARLOR_RECORD_MAX_SEATS] = { 0 };
  int ranks[PARLOR_RECORD_MAX_SEATS] = { 0 };
  guint n = 0, firsts = 0;
  const char *winner;
  gboolean have_ranks;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  n = record->n_seats;
  line = parlor_line_parse (text, error);
  if (line == NULL)
    return FALSE;
  if (!g_str_equal (parlor_line_get_type (line), "result"))
    {
      g_set_error (error, PARLOR_LINE_ERROR, PARLOR_LINE_ERROR_VALUE,
                   _("“%s” is not the result of a game"), parlor_line_get_type (line));
      return FALSE;
    }

  if (!parse_int_list (parlor_line_get (line, "scores"), n, scores))
    for (guint s = 0; s < n; s++)
      {
        g_autofree char *key = g_strdup_printf ("score%u", s);
        gint64 v;

        if (parlor_line_get_int (line, key, -1000000, 1000000, &v, NULL))
          scores[s] = (int) v;
      }

  have_ranks = parse_int_list (parlor_line_get (line, "ranks"), n, ranks);
  winner = parlor_line_get (line, "winner");
  if (!have_ranks && winner != NULL)
    {
      char *end = NULL;
      gint64 w = g_ascii_strtoll (winner, &end, 10);
      gboolean drawn = end == winner || *end != '\0' || w < 0 || w >= n;

      for (guint s = 0; s < n; s++)
        ranks[s] = drawn || (guint) w == s ? 1 : 2;
      have_ranks = TRUE;
    }
  if (!have_ranks)
    for (guint s = 0; s < n; s++)
      {
        ranks[s] = 1;
        for (guint o = 0; o < n; o++)
          ranks[s] += scores[o] > scores[s];
      }

  for (guint s = 0; s < n; s++)
    firsts += ranks[s] == 1;
  for (guint s = 0; s < n; s++)
    {
      record->seats[s].score = scores[s];
      record->seats[s].rank = ranks[s];
      record->seats[s].outcome = ranks[s] != 1 ? PARLOR_OUTCOME_LOST
                                 : firsts > 1 ? PARLOR_OUTCOME_DRAWN : PARLOR_OUTCOME_WON;
    }
  end_hand (record);
  g_free (record->result);
  record->result = g_strdup (text);
  return TRUE;
}
