/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-triad"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-game.h"
#include "parlor-line.h"
#include "triad-view.h"

/* Bit i of TriadRules; "ff8" is TRIAD_RULE_FF8. */
static const char *const rule_names[] = { "same", "plus", "combo", "ff8", "reverse",
                                           "fallen-ace", "same-wall" };

char *
triad_rules_to_string (TriadRules rules)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rule_names); i++)
    if (rules & (1u << i))
      {
        if (out->len > 0)
          g_string_append_c (out, ',');
        g_string_append (out, rule_names[i]);
      }
  if (out->len == 0)
    g_string_append (out, "none");

  return g_string_free (out, FALSE);
}

gboolean
triad_rules_from_string (const char *text,
                         TriadRules *rules)
{
  g_auto(GStrv) names = NULL;
  guint result = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  if (g_str_equal (text, "none"))
    {
      *rules = 0;
      return TRUE;
    }

  names = g_strsplit (text, ",", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      guint j;

      for (j = 0; j < G_N_ELEMENTS (rule_names); j++)
        if (g_str_equal (names[i], rule_names[j]))
          break;
      if (j == G_N_ELEMENTS (rule_names) || (result & (1u << j)))
        return FALSE;
      result |= 1u << j;
    }

  *rules = (TriadRules) result;
  return TRUE;
}

static void
append_hand (GString         *out,
             const TriadView *view,
             guint            seat)
{
  g_string_append_printf (out, " hand%u=", seat);
  if (view->n_hand[seat] == 0)
    g_string_append_c (out, '-');
  for (guint i = 0; i < view->n_hand[seat]; i++)
    {
      char text[5];

      if (i > 0)
        g_string_append_c (out, ',');
      if (view->hand_known[seat])
        {
          triad_card_format (&view->hand[seat][i], text);
          g_string_append (out, text);
        }
      else
        g_string_append_c (out, '?');
    }
}

char *
triad_view_to_line (const TriadView *view)
{
  g_autofree char *rules = NULL;
  GString *out;

  g_return_val_if_fail (view != NULL, NULL);

  rules = triad_rules_to_string (view->rules);
  out = g_string_new ("view");
  g_string_append_printf (out, " seat=%d first=%u", view->seat, view->first);
  if (view->turn < 0)
    g_string_append (out, " turn=none");
  else
    g_string_append_printf (out, " turn=%d", view->turn);
  g_string_append_printf (out, " hands=%s rules=%s board=",
                          view->open ? "open" : "closed", rules);
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    {
      char text[5];

      if (c > 0)
        g_string_append_c (out, ',');
      if (view->owner[c] == TRIAD_EMPTY)
        {
          g_string_append_c (out, '.');
          continue;
        }
      triad_card_format (&view->card[c], text);
      g_string_append_printf (out, "%d%s", view->owner[c], text);
    }
  g_string_append (out, " placer=");
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    g_string_append_c (out, view->placer[c] == TRIAD_EMPTY ? '.' : (char) ('0' + view->placer[c]));
  append_hand (out, view, 0);
  append_hand (out, view, 1);
  g_string_append_printf (out, " score0=%u score1=%u actions=", view->score[0], view->score[1]);
  if (view->may_cards == 0 || view->may_cells == 0)
    g_string_append_c (out, '-');
  else
    {
      g_string_append (out, "place:");
      for (guint i = 0; i < TRIAD_HAND_MAX; i++)
        if (view->may_cards & (1u << i))
          g_string_append_c (out, (char) ('0' + i));
      g_string_append_c (out, '@');
      for (guint c = 0; c < TRIAD_N_CELLS; c++)
        if (view->may_cells & (1u << c))
          g_string_append_c (out, (char) ('0' + c));
    }

  return g_string_free (out, FALSE);
}

static gboolean
fail (GError    **error,
      const char *message)
{
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("This is not a Triple Triad view: %s"), message);
  return FALSE;
}

static gboolean
parse_seat (const char *text,
            gboolean    allow_none,
            int        *out)
{
  if (g_strcmp0 (text, "0") == 0 || g_strcmp0 (text, "1") == 0)
    *out = text[0] - '0';
  else if (allow_none && g_strcmp0 (text, "none") == 0)
    *out = -1;
  else if (allow_none && g_strcmp0 (text, "-1") == 0)
    *out = -1;
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_hand (const char *text,
            TriadView  *view,
            guint       seat)
{
  g_auto(GStrv) cards = NULL;
  guint n;

  view->n_hand[seat] = 0;
  view->hand_known[seat] = TRUE;
  if (text == NULL)
    return FALSE;
  if (g_str_equal (text, "-"))
    return TRUE;

  cards = g_strsplit (text, ",", -1);
  n = g_strv_length (cards);
  if (n > TRIAD_HAND_MAX)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      gboolean hidden = g_str_equal (cards[i], "?");

      if (i > 0 && hidden == view->hand_known[seat])
        return FALSE;   /* all hidden or none */
      view->hand_known[seat] = !hidden;
      if (!hidden && !triad_card_parse (cards[i], &view->hand[seat][i]))
        return FALSE;
    }
  view->n_hand[seat] = (guint8) n;

  return TRUE;
}

/* "-" or "place:CARDS@CELLS", digits rising: masks below @n_cards and 9 cells;
 * absent, no moves. */
static gboolean
parse_actions (const char *text,
               guint       n_cards,
               guint8     *cards,
               guint16    *cells)
{
  const char *p;
  int last = -1;

  *cards = 0;
  *cells = 0;
  /* A view written before views carried the moves: none to offer. */
  if (text == NULL || g_str_equal (text, "-"))
    return TRUE;
  if (!g_str_has_prefix (text, "place:"))
    return FALSE;
  for (p = text + strlen ("place:"); *p >= '0' && *p <= '9'; p++)
    {
      if (*p - '0' <= last || (guint) (*p - '0') >= n_cards)
        return FALSE;
      last = *p - '0';
      *cards |= (guint8) (1u << last);
    }
  if (*p++ != '@' || *cards == 0)
    return FALSE;
  for (last = -1; *p >= '0' && *p <= '9'; p++)
    {
      if (*p - '0' <= last || *p - '0' >= TRIAD_N_CELLS)
        return FALSE;
      last = *p - '0';
      *cells |= (guint16) (1u << last);
    }
  return *p == '\0' && *cells != 0;
}

gboolean
triad_view_parse (const char  *text,
                  TriadView   *out,
                  GError     **error)
{
  g_autoptr(ParlorLine) line = NULL;
  g_auto(GStrv) cells = NULL;
  TriadView view;
  const char *value;
  const char *placer;
  int seat, first, turn;
  guint n_first, n_second;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  line = parlor_line_parse (text, error);
  if (line == NULL)
    return FALSE;
  memset (&view, 0, sizeof view);

  if (!g_str_equal (parlor_line_get_type (line), "view"))
    return fail (error, _("it does not start with “view”"));
  if (!parse_seat (parlor_line_get (line, "seat"), TRUE, &seat))
    return fail (error, _("the seat is missing or wrong"));
  if (!parse_seat (parlor_line_get (line, "first"), FALSE, &first))
    return fail (error, _("it does not say who moved first"));
  if (!parse_seat (parlor_line_get (line, "turn"), TRUE, &turn))
    return fail (error, _("it does not say whose turn it is"));
  view.seat = seat;
  view.first = (guint) first;
  view.turn = turn;

  value = parlor_line_get (line, "hands");
  if (g_strcmp0 (value, "open") != 0 && g_strcmp0 (value, "closed") != 0)
    return fail (error, _("hands must be open or closed"));
  view.open = g_str_equal (value, "open");

  value = parlor_line_get (line, "rules");
  if (value == NULL || !triad_rules_from_string (value, &view.rules))
    return fail (error, _("the rules are missing or unknown"));

  value = parlor_line_get (line, "board");
  placer = parlor_line_get (line, "placer");
  if (value == NULL || placer == NULL || strlen (placer) != TRIAD_N_CELLS)
    return fail (error, _("the board is missing"));
  cells = g_strsplit (value, ",", -1);
  if (g_strv_length (cells) != TRIAD_N_CELLS)
    return fail (error, _("the board must have nine cells"));
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    {
      const char *cell = cells[c];

      view.owner[c] = view.placer[c] = TRIAD_EMPTY;
      if (g_str_equal (cell, "."))
        {
          if (placer[c] != '.')
            return fail (error, _("an empty cell has a placer"));
          continue;
        }
      if ((cell[0] != '0' && cell[0] != '1') || !triad_card_parse (cell + 1, &view.card[c]))
        return fail (error, _("a board cell is not an owner and a card"));
      if (placer[c] != '0' && placer[c] != '1')
        return fail (error, _("a card on the board has no placer"));
      view.owner[c] = (gint8) (cell[0] - '0');
      view.placer[c] = (gint8) (placer[c] - '0');
      view.n_filled++;
      view.score[view.owner[c]]++;
    }

  if (!parse_hand (parlor_line_get (line, "hand0"), &view, 0)
      || !parse_hand (parlor_line_get (line, "hand1"), &view, 1))
    return fail (error, _("a hand is missing or wrong"));

  n_first = TRIAD_FIRST_HAND - (view.n_filled + 1u) / 2;
  n_second = TRIAD_SECOND_HAND - view.n_filled / 2u;
  if (view.n_hand[view.first] != n_first || view.n_hand[1 - view.first] != n_second)
    return fail (error, _("the hand sizes do not match the board"));
  for (guint c = 0, placed_first = 0; c < TRIAD_N_CELLS; c++)
    {
      placed_first += view.placer[c] == (gint8) view.first;
      if (c == TRIAD_N_CELLS - 1 && placed_first != (view.n_filled + 1u) / 2)
        return fail (error, _("the placers do not match the turns"));
    }
  if (view.n_filled == TRIAD_N_CELLS ? turn != -1
      : turn != (int) ((view.n_filled & 1) ? 1 - view.first : view.first))
    return fail (error, _("the turn does not match the board"));

  {
    gint64 s0, s1;

    if (!parlor_line_get_int (line, "score0", 0, TRIAD_N_CELLS, &s0, NULL)
        || !parlor_line_get_int (line, "score1", 0, TRIAD_N_CELLS, &s1, NULL)
        || (guint) s0 != view.score[0] || (guint) s1 != view.score[1])
      return fail (error, _("the scores do not match the board"));
  }

  if (!parse_actions (parlor_line_get (line, "actions"),
                      view.seat >= 0 ? view.n_hand[view.seat] : 0, &view.may_cards, &view.may_cells))
    return fail (error, _("the moves are missing or wrong"));
  if (view.may_cards != 0 && view.seat != view.turn)
    return fail (error, _("it lists moves for a player not to move"));
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    if ((view.may_cells & (1u << c)) && view.owner[c] != TRIAD_EMPTY)
      return fail (error, _("it lists a move on a taken cell"));

  *out = view;
  return TRUE;
}

gboolean
triad_view_may_place (const TriadView *view,
                      int              index,
                      int              cell)
{
  g_return_val_if_fail (view != NULL, FALSE);

  if (index >= TRIAD_HAND_MAX || cell >= TRIAD_N_CELLS)
    return FALSE;
  return (index < 0 ? view->may_cards != 0 : (view->may_cards & (1u << index)) != 0)
         && (cell < 0 ? view->may_cells != 0 : (view->may_cells & (1u << cell)) != 0);
}

GPtrArray *
triad_view_legal_actions (const TriadView *view)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (view != NULL, actions);

  for (guint i = 0; i < TRIAD_HAND_MAX; i++)
    for (guint c = 0; c < TRIAD_N_CELLS; c++)
      if (triad_view_may_place (view, (int) i, (int) c))
        g_ptr_array_add (actions, triad_action_new (i, c));
  return actions;
}

void
triad_view_to_position (const TriadView *view,
                        TriadPosition   *pos)
{
  g_return_if_fail (view != NULL);
  g_return_if_fail (pos != NULL);

  memset (pos, 0, sizeof *pos);
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    {
      pos->card[c] = view->card[c];
      pos->owner[c] = view->owner[c] == TRIAD_EMPTY
                      ? TRIAD_EMPTY : (gint8) triad_view_player_of_seat (view, (guint) view->owner[c]);
      pos->placer[c] = view->placer[c] == TRIAD_EMPTY
                       ? TRIAD_EMPTY : (gint8) triad_view_player_of_seat (view, (guint) view->placer[c]);
    }
  pos->n_filled = view->n_filled;
  for (guint seat = 0; seat < 2; seat++)
    {
      guint p = triad_view_player_of_seat (view, seat);

      pos->n_hand[p] = view->n_hand[seat];
      if (view->hand_known[seat])
        memcpy (pos->hand[p], view->hand[seat], sizeof pos->hand[p]);
    }
}

char *
triad_action_new (guint index,
                  guint cell)
{
  g_return_val_if_fail (index < TRIAD_HAND_MAX, NULL);
  g_return_val_if_fail (cell < TRIAD_N_CELLS, NULL);

  return g_strdup_printf ("place card=%u cell=%u", index, cell);
}

static gboolean
event_fail (GError    **error,
            const char *text)
{
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("This is not a Triple Triad event: “%s”"), text);
  return FALSE;
}

gboolean
triad_event_parse (const char  *text,
                   TriadEvent  *out,
                   GError     **error)
{
  g_autoptr(ParlorLine) line = NULL;
  TriadEvent event;
  const char *type;
  gint64 n;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  line = parlor_line_parse (text, NULL);
  if (line == NULL)
    return event_fail (error, text);
  memset (&event, 0, sizeof event);
  event.winner = -1;
  type = parlor_line_get_type (line);

  if (g_str_equal (type, "start"))
    {
      const char *hands = parlor_line_get (line, "hands");
      const char *rules = parlor_line_get (line, "rules");

      event.kind = TRIAD_EVENT_START;
      if (!parse_seat (parlor_line_get (line, "first"), FALSE, &event.seat)
          || (g_strcmp0 (hands, "open") != 0 && g_strcmp0 (hands, "closed") != 0)
          || rules == NULL || !triad_rules_from_string (rules, &event.rules))
        return event_fail (error, text);
      event.open = g_str_equal (hands, "open");
    }
  else if (g_str_equal (type, "deal"))
    {
      TriadView scratch;

      event.kind = TRIAD_EVENT_DEAL;
      if (!parse_seat (parlor_line_get (line, "seat"), FALSE, &event.seat)
          || !parse_hand (parlor_line_get (line, "hand"), &scratch, 0)
          || !scratch.hand_known[0] || scratch.n_hand[0] == 0)
        return event_fail (error, text);
      event.n_cards = scratch.n_hand[0];
      memcpy (event.hand, scratch.hand[0], sizeof event.hand);
    }
  else if (g_str_equal (type, "place"))
    {
      const char *face = parlor_line_get (line, "face");

      event.kind = TRIAD_EVENT_PLACE;
      if (!parse_seat (parlor_line_get (line, "seat"), FALSE, &event.seat)
          || !parlor_line_get_int (line, "card", 0, TRIAD_HAND_MAX - 1, &n, NULL))
        return event_fail (error, text);
      event.index = (guint) n;
      if (!parlor_line_get_int (line, "cell", 0, TRIAD_N_CELLS - 1, &n, NULL)
          || face == NULL || !triad_card_parse (face, &event.card))
        return event_fail (error, text);
      event.cell = (guint) n;
    }
  else if (g_str_equal (type, "flip"))
    {
      event.kind = TRIAD_EVENT_FLIP;
      if (!parse_seat (parlor_line_get (line, "seat"), FALSE, &event.seat)
          || !parlor_line_get_int (line, "cell", 0, TRIAD_N_CELLS - 1, &n, NULL)
          || !triad_flip_cause_from_string (parlor_line_get (line, "rule"), &event.cause))
        return event_fail (error, text);
      event.cell = (guint) n;
    }
  else if (g_str_equal (type, "over") || g_str_equal (type, "result"))
    {
      const char *winner = parlor_line_get (line, "winner");

      event.kind = TRIAD_EVENT_OVER;
      for (guint s = 0; s < 2; s++)
        {
          g_autofree char *key = g_strdup_printf ("score%u", s);

          if (!parlor_line_get_int (line, key, 0, TRIAD_N_CELLS, &n, NULL))
            return event_fail (error, text);
          event.score[s] = (guint) n;
        }
      if (g_strcmp0 (winner, "draw") != 0 && !parse_seat (winner, FALSE, &event.winner))
        return event_fail (error, text);
    }
  else
    return event_fail (error, text);

  *out = event;
  return TRUE;
}
