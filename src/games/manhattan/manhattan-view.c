/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-manhattan"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-game.h"
#include "parlor-line.h"
#include "manhattan-view.h"

static const char * const phase_names[] = { "choose", "play", "over" };

/* A view is written straight into a buffer: its values are digits and
 * separators that need no escaping, and a server writes one for every seat
 * after every move. Each number takes at most 11 bytes and a view holds
 * fewer than 500 of them, so VIEW_MAX bounds it with room to spare. */
#define VIEW_MAX 8192

typedef struct
{
  char *p;
  char *end;
} Out;

static inline void
put_c (Out  *o,
       char  c)
{
  if (o->p < o->end)
    *o->p++ = c;
}

static void
put_s (Out        *o,
       const char *text)
{
  for (; *text != '\0'; text++)
    put_c (o, *text);
}

static inline void
put_int (Out *o,
         int  n)
{
  char digits[12];
  int len = 0;
  unsigned int u;

  /* Most numbers in a view are single digits. */
  if (n >= 0 && n < 10)
    {
      put_c (o, '0' + n);
      return;
    }
  u = n < 0 ? 0u - (unsigned int) n : (unsigned int) n;
  if (n < 0)
    put_c (o, '-');
  do
    digits[len++] = '0' + u % 10;
  while ((u /= 10) > 0);
  while (len > 0)
    put_c (o, digits[--len]);
}

static void
put_key (Out        *o,
         const char *key)
{
  put_c (o, ' ');
  put_s (o, key);
  put_c (o, '=');
}

static void
put_counts (Out          *o,
            const guint8 *counts,
            int           first,
            int           last)
{
  for (int i = first; i <= last; i++)
    {
      if (i > first)
        put_c (o, '.');
      put_int (o, counts[i]);
    }
}

static void
put_board (Out                  *o,
           const ManhattanBoard *board)
{
  for (int city = 0; city < MANHATTAN_N_CITIES; city++)
    for (int spot = 0; spot < MANHATTAN_N_SPOTS; spot++)
      {
        if (city > 0 || spot > 0)
          put_c (o, '/');
        if (board->owner[city][spot] < 0)
          {
            put_c (o, '-');
            continue;
          }
        put_int (o, board->owner[city][spot]);
        put_c (o, ':');
        put_counts (o, board->storeys[city][spot], 0, MANHATTAN_N_SEATS - 1);
      }
}

/* The seat's moves, so that no reader works them out: "choose:N@a.b.c.d",
 * "play:P.B@CITIES,…" or "-" (docs/rules/manhattan.md). */
static void
put_actions (Out                  *o,
             const ManhattanState *state,
             int                   seat)
{
  gboolean any = FALSE;

  put_key (o, "actions");
  if (seat >= 0 && state->phase == MANHATTAN_PHASE_CHOOSE && !(state->chosen_mask & (1 << seat)))
    {
      put_s (o, "choose:");
      put_int (o, MANHATTAN_BLOCKS_PER_ROUND);
      put_c (o, '@');
      put_counts (o, state->supply[seat], 1, MANHATTAN_MAX_BLOCK);
      return;
    }
  if (seat >= 0 && state->phase == MANHATTAN_PHASE_PLAY && state->turn == seat)
    for (int card = 0; card < MANHATTAN_N_SPOTS; card++)
      {
        int row, col;

        if (state->hand[seat][card] == 0)
          continue;
        manhattan_card_spot (seat, card, &row, &col);
        for (int block = 1; block <= MANHATTAN_MAX_BLOCK; block++)
          {
            gboolean listed = FALSE;

            if (state->chosen[seat][block] == 0)
              continue;
            for (int city = 0; city < MANHATTAN_N_CITIES; city++)
              if (manhattan_spot_accepts (state->board.storeys[city][row * 3 + col], seat, block))
                {
                  if (!listed)
                    {
                      put_s (o, any ? "," : "play:");
                      put_int (o, card);
                      put_c (o, '.');
                      put_int (o, block);
                      put_c (o, '@');
                      listed = any = TRUE;
                    }
                  put_c (o, '0' + city);
                }
          }
      }
  if (!any)
    put_c (o, '-');
}

char *
manhattan_state_view_line (const ManhattanState *state,
                           int                   seat)
{
  return manhattan_state_view_line_cached (state, seat, NULL);
}

char *
manhattan_state_view_line_cached (const ManhattanState *state,
                                  int                   seat,
                                  ManhattanBoardCache  *cache)
{
  char buf[VIEW_MAX];
  Out out = { buf, buf + sizeof buf };
  Out *o = &out;

  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (seat >= -1 && seat < MANHATTAN_N_SEATS, NULL);

  put_s (o, "view");
  put_key (o, "seat");
  put_int (o, seat);
  put_key (o, "phase");
  put_s (o, phase_names[state->phase]);
  put_key (o, "round");
  put_int (o, MAX (state->round, 0) + 1);
  put_key (o, "first");
  put_int (o, state->first_player);
  put_key (o, "start");
  put_int (o, state->start_player);
  put_key (o, "turn");
  put_int (o, state->phase == MANHATTAN_PHASE_PLAY ? state->turn : -1);
  put_key (o, "scores");
  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      if (i > 0)
        put_c (o, ',');
      put_int (o, state->scores[i]);
    }

  put_key (o, "board");
  if (cache == NULL)
    put_board (o, &state->board);
  else
    {
      /* The board is the same for every seat: written once per change. */
      if (!cache->valid || memcmp (&cache->board, &state->board, sizeof state->board) != 0)
        {
          Out board_out = { cache->text, cache->text + sizeof cache->text };

          put_board (&board_out, &state->board);
          g_return_val_if_fail (board_out.p < board_out.end, NULL);
          cache->len = board_out.p - cache->text;
          cache->board = state->board;
          cache->valid = TRUE;
        }
      for (gsize i = 0; i < cache->len; i++)
        put_c (o, cache->text[i]);
    }

  put_key (o, "hand");
  if (seat >= 0)
    {
      gboolean first = TRUE;

      for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
        for (int i = 0; i < state->hand[seat][p]; i++, first = FALSE)
          {
            if (!first)
              put_c (o, ',');
            put_int (o, p);
          }
    }

  put_key (o, "hands");
  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      int n = 0;

      for (int p = 0; p < MANHATTAN_N_SPOTS; p++)
        n += state->hand[i][p];
      if (i > 0)
        put_c (o, ',');
      put_int (o, n);
    }

  put_key (o, "chosen");
  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      if (i > 0)
        put_c (o, '/');
      if (state->revealed || i == seat)
        put_counts (o, state->chosen[i], 1, MANHATTAN_MAX_BLOCK);
      else
        put_c (o, '?');
    }

  put_key (o, "supply");
  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      guint8 supply[MANHATTAN_MAX_BLOCK + 1];

      for (int b = 0; b <= MANHATTAN_MAX_BLOCK; b++)
        supply[b] = state->supply[i][b] +
                    (state->revealed || i == seat ? 0 : state->chosen[i][b]);
      if (i > 0)
        put_c (o, '/');
      put_counts (o, supply, 1, MANHATTAN_MAX_BLOCK);
    }

  put_key (o, "aside");
  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      if (i > 0)
        put_c (o, '/');
      put_counts (o, state->set_aside[i], 1, MANHATTAN_MAX_BLOCK);
    }

  put_key (o, "chose");
  put_int (o, state->chosen_mask);
  put_key (o, "revealed");
  put_int (o, state->revealed);
  put_key (o, "deck");
  put_int (o, state->deck_len - state->deck_pos);
  put_key (o, "discard");
  put_counts (o, state->discard, 0, MANHATTAN_N_SPOTS - 1);
  put_actions (o, state, seat);

  g_return_val_if_fail (out.p < out.end, NULL);

  return g_strndup (buf, out.p - buf);
}

static gboolean
bad_view (GError    **error,
          const char *key)
{
  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("The view has a bad “%s” value"), key);
  return FALSE;
}

/* Reads a decimal number in [0, max] at *@p and moves past it. Views are
 * parsed for every move a client sees, so this allocates nothing. */
static gboolean
scan_number (const char **p,
             int          max,
             int         *out)
{
  const char *s = *p;
  int v = 0;

  if (!g_ascii_isdigit (*s))
    return FALSE;
  for (; g_ascii_isdigit (*s); s++)
    {
      v = v * 10 + (*s - '0');
      if (v > max)
        return FALSE;
    }
  *out = v;
  *p = s;
  return TRUE;
}

/* Reads "a<sep>b<sep>…", exactly @n numbers in [0, max]. */
static gboolean
scan_numbers (const char **p,
              char         sep,
              int          n,
              int          max,
              int         *out)
{
  for (int i = 0; i < n; i++)
    {
      if (i > 0 && *(*p)++ != sep)
        return FALSE;
      if (!scan_number (p, max, &out[i]))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_numbers (const char *text,
               char        sep,
               int         n,
               int         max,
               int        *out)
{
  return text != NULL && scan_numbers (&text, sep, n, max, out) && *text == '\0';
}

static gboolean
parse_seat_blocks (const char *text,
                   guint8      out[MANHATTAN_N_SEATS][MANHATTAN_MAX_BLOCK + 1],
                   gboolean   *known)
{
  if (text == NULL)
    return FALSE;
  for (int i = 0; i < MANHATTAN_N_SEATS; i++)
    {
      int v[MANHATTAN_MAX_BLOCK];

      if (i > 0 && *text++ != '/')
        return FALSE;
      memset (out[i], 0, MANHATTAN_MAX_BLOCK + 1);
      if (known != NULL && *text == '?')
        {
          text++;
          known[i] = FALSE;
          continue;
        }
      if (!scan_numbers (&text, '.', MANHATTAN_MAX_BLOCK, 24, v))
        return FALSE;
      for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
        out[i][b] = v[b - 1];
      if (known != NULL)
        known[i] = TRUE;
    }

  return *text == '\0';
}

/* The keys of a view line, in the order the server writes them. */
enum
{
  KEY_SEAT, KEY_PHASE, KEY_ROUND, KEY_FIRST, KEY_START, KEY_TURN, KEY_SCORES, KEY_BOARD,
  KEY_HAND, KEY_HANDS, KEY_CHOSEN, KEY_SUPPLY, KEY_ASIDE, KEY_CHOSE, KEY_REVEALED, KEY_DECK,
  KEY_DISCARD, KEY_ACTIONS, N_KEYS
};

static const char * const key_names[N_KEYS] = {
  "seat", "phase", "round", "first", "start", "turn", "scores", "board",
  "hand", "hands", "chosen", "supply", "aside", "chose", "revealed", "deck",
  "discard", "actions",
};

/* A whole value that is a number in [min, max], with an optional '-'. */
static gboolean
parse_int (const char *text,
           int         min,
           int         max,
           int        *out)
{
  gboolean negative = text[0] == '-';
  int v;

  if (negative)
    text++;
  if (!scan_number (&text, MAX (max, -min), &v) || *text != '\0')
    return FALSE;
  if (negative)
    v = -v;
  if (v < min || v > max)
    return FALSE;
  *out = v;
  return TRUE;
}

/* As put_actions writes it: plays rising by card, then block; cities rising. */
static gboolean
parse_actions (const char    *value,
               ManhattanView *view)
{
  int last = -1;

  if (g_str_equal (value, "-"))
    return TRUE;
  if (g_str_has_prefix (value, "choose:"))
    {
      int count, max[MANHATTAN_MAX_BLOCK], total = 0;

      value += strlen ("choose:");
      if (!scan_number (&value, MANHATTAN_BLOCKS_PER_ROUND, &count) || count < 1 ||
          *value++ != '@' ||
          !scan_numbers (&value, '.', MANHATTAN_MAX_BLOCK, 24, max) || *value != '\0')
        return FALSE;
      for (int b = 1; b <= MANHATTAN_MAX_BLOCK; b++)
        {
          view->choose_max[b] = max[b - 1];
          total += max[b - 1];
        }
      if (total < count)
        return FALSE;
      view->choose_count = count;
      return TRUE;
    }
  if (!g_str_has_prefix (value, "play:"))
    return FALSE;
  value += strlen ("play:");
  for (;;)
    {
      int card, block, city_last = -1;
      guint cities = 0;

      if (!scan_number (&value, MANHATTAN_N_SPOTS - 1, &card) || *value++ != '.' ||
          !scan_number (&value, MANHATTAN_MAX_BLOCK, &block) || block < 1 ||
          card * (MANHATTAN_MAX_BLOCK + 1) + block <= last || *value++ != '@')
        return FALSE;
      last = card * (MANHATTAN_MAX_BLOCK + 1) + block;
      for (; *value >= '0' && *value < '0' + MANHATTAN_N_CITIES; value++)
        {
          if (*value - '0' <= city_last)
            return FALSE;
          city_last = *value - '0';
          cities |= 1u << city_last;
        }
      if (cities == 0)
        return FALSE;
      view->play_cities[card][block] = cities;
      if (*value == '\0')
        return TRUE;
      if (*value++ != ',')
        return FALSE;
    }
}

/* The form views had before the cities were grouped (a seat's view kept in
 * an older replay): "choose", or "play:CARD.CITY.BLOCK" items. A choice is
 * read as no list, as a line without actions= is. */
static gboolean
parse_old_actions (const char    *value,
                   ManhattanView *view)
{
  if (g_str_equal (value, "choose"))
    {
      view->has_actions = FALSE;
      return view->seat >= 0 && view->phase == MANHATTAN_PHASE_CHOOSE &&
             !(view->chosen_mask & (1u << view->seat));
    }
  for (;;)
    {
      int card, city, block;

      if (!g_str_has_prefix (value, "play:"))
        return FALSE;
      value += strlen ("play:");
      if (!scan_number (&value, MANHATTAN_N_SPOTS - 1, &card) || *value++ != '.' ||
          !scan_number (&value, MANHATTAN_N_CITIES - 1, &city) || *value++ != '.' ||
          !scan_number (&value, MANHATTAN_MAX_BLOCK, &block) || block < 1)
        return FALSE;
      view->play_cities[card][block] |= 1u << city;
      if (*value == '\0')
        return TRUE;
      if (*value++ != ',')
        return FALSE;
    }
}

/* The moves must be the seat's own: a choice while it chooses, plays of
 * cards it holds with blocks it has chosen on its turn. */
static gboolean
actions_fit (const ManhattanView *view)
{
  int seat = view->seat;
  gboolean plays = manhattan_view_may_play (view);

  if (view->choose_count > 0)
    return seat >= 0 && view->phase == MANHATTAN_PHASE_CHOOSE &&
           !(view->chosen_mask & (1u << seat));
  if (!plays)
    return TRUE;
  if (seat < 0 || view->phase != MANHATTAN_PHASE_PLAY || view->turn != seat ||
      !view->chosen_known[seat])
    return FALSE;
  for (int card = 0; card < MANHATTAN_N_SPOTS; card++)
    for (int block = 1; block <= MANHATTAN_MAX_BLOCK; block++)
      if (view->play_cities[card][block] != 0 &&
          (view->hand[card] == 0 || view->chosen[seat][block] == 0))
        return FALSE;
  return TRUE;
}

/* Views are read for every move a client sees: the line is cut into its
 * values in one copy, which the value readers check strictly. Words and
 * keys other than a view's are ignored, as for any line. */
gboolean
manhattan_view_parse (const char     *text,
                      ManhattanView  *view,
                      GError        **error)
{
  g_autofree char *copy = NULL;
  const char *values[N_KEYS] = { NULL };
  const char *value;
  char *p;
  int nums[MANHATTAN_N_SPOTS];
  int next_key = 0;
  gboolean typed = FALSE;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  memset (view, 0, sizeof *view);
  copy = g_strdup (text);
  for (p = copy; *p != '\0';)
    {
      char *tok, *eq;

      while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
      if (*p == '\0')
        break;
      tok = p;
      while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
      if (*p != '\0')
        *p++ = '\0';

      if (!typed)
        {
          if (!g_str_equal (tok, "view"))
            return bad_view (error, "view");
          typed = TRUE;
          continue;
        }
      eq = strchr (tok, '=');
      if (eq == NULL)
        continue;
      *eq = '\0';
      /* Keys come in the order they are written; try the next one first. */
      for (int i = 0; i < N_KEYS; i++)
        {
          int k = (next_key + i) % N_KEYS;

          if (g_str_equal (tok, key_names[k]))
            {
              if (values[k] != NULL)
                return bad_view (error, key_names[k]);
              values[k] = eq + 1;
              next_key = k + 1;
              break;
            }
        }
    }
  if (!typed)
    return bad_view (error, "view");
  /* A line written before views carried the moves has no actions=. */
  for (int k = 0; k < N_KEYS; k++)
    if (values[k] == NULL && k != KEY_ACTIONS)
      return bad_view (error, key_names[k]);

#define GET_INT(key, min, max, dest) \
  G_STMT_START { \
    if (!parse_int (values[key], min, max, &dest)) \
      return bad_view (error, key_names[key]); \
  } G_STMT_END

  GET_INT (KEY_SEAT, -1, MANHATTAN_N_SEATS - 1, view->seat);
  GET_INT (KEY_ROUND, 1, MANHATTAN_N_ROUNDS, view->round);
  view->round--;
  GET_INT (KEY_FIRST, 0, MANHATTAN_N_SEATS - 1, view->first_player);
  GET_INT (KEY_START, 0, MANHATTAN_N_SEATS - 1, view->start_player);
  GET_INT (KEY_TURN, -1, MANHATTAN_N_SEATS - 1, view->turn);
  GET_INT (KEY_CHOSE, 0, 15, nums[0]);
  view->chosen_mask = nums[0];
  GET_INT (KEY_REVEALED, 0, 1, view->revealed);
  GET_INT (KEY_DECK, 0, MANHATTAN_N_CARDS, view->deck_size);
#undef GET_INT

  view->phase = MANHATTAN_PHASE_OVER + 1;
  for (guint i = 0; i < G_N_ELEMENTS (phase_names); i++)
    if (g_str_equal (values[KEY_PHASE], phase_names[i]))
      view->phase = (ManhattanPhase) i;
  if (view->phase > MANHATTAN_PHASE_OVER)
    return bad_view (error, "phase");

  if (!parse_numbers (values[KEY_SCORES], ',', MANHATTAN_N_SEATS, 10000, view->scores))
    return bad_view (error, "scores");
  if (!parse_numbers (values[KEY_HANDS], ',', MANHATTAN_N_SEATS, MANHATTAN_N_CARDS,
                      view->hand_size))
    return bad_view (error, "hands");
  if (!parse_numbers (values[KEY_DISCARD], '.', MANHATTAN_N_SPOTS,
                      MANHATTAN_CARDS_PER_SPOT, nums))
    return bad_view (error, "discard");
  for (int i = 0; i < MANHATTAN_N_SPOTS; i++)
    view->discard[i] = nums[i];

  value = values[KEY_HAND];
  for (guint n = 0; *value != '\0'; n++)
    {
      int card;

      if ((n > 0 && *value++ != ',') || n >= MANHATTAN_N_CARDS ||
          !scan_number (&value, MANHATTAN_N_SPOTS - 1, &card) ||
          view->hand[card] >= MANHATTAN_CARDS_PER_SPOT)
        return bad_view (error, "hand");
      view->hand[card]++;
    }

  if (!parse_seat_blocks (values[KEY_CHOSEN], view->chosen, view->chosen_known))
    return bad_view (error, "chosen");
  if (!parse_seat_blocks (values[KEY_SUPPLY], view->supply, NULL))
    return bad_view (error, "supply");
  if (!parse_seat_blocks (values[KEY_ASIDE], view->set_aside, NULL))
    return bad_view (error, "aside");

  value = values[KEY_BOARD];
  for (int i = 0; i < MANHATTAN_N_CITIES * MANHATTAN_N_SPOTS; i++)
    {
      int city = i / MANHATTAN_N_SPOTS, spot = i % MANHATTAN_N_SPOTS;
      int st[MANHATTAN_N_SEATS];
      int owner;

      if (i > 0 && *value++ != '/')
        return bad_view (error, "board");
      view->board.owner[city][spot] = -1;
      if (*value == '-')
        {
          value++;
          continue;
        }
      if (!scan_number (&value, MANHATTAN_N_SEATS - 1, &owner) || *value++ != ':' ||
          !scan_numbers (&value, '.', MANHATTAN_N_SEATS, 47, st) || st[owner] == 0)
        return bad_view (error, "board");
      view->board.owner[city][spot] = (gint8) owner;
      for (int s = 0; s < MANHATTAN_N_SEATS; s++)
        view->board.storeys[city][spot][s] = st[s];
    }
  if (*value != '\0')
    return bad_view (error, "board");

  if (values[KEY_ACTIONS] != NULL)
    {
      const char *actions = values[KEY_ACTIONS];

      view->has_actions = TRUE;
      if (strchr (actions, '@') == NULL && !g_str_equal (actions, "-")
          ? !parse_old_actions (actions, view) : !parse_actions (actions, view))
        return bad_view (error, "actions");
      if (!actions_fit (view))
        return bad_view (error, "actions");
    }

  return TRUE;
}

gboolean
manhattan_view_may_play (const ManhattanView *view)
{
  g_return_val_if_fail (view != NULL, FALSE);

  for (int card = 0; card < MANHATTAN_N_SPOTS; card++)
    for (int block = 1; block <= MANHATTAN_MAX_BLOCK; block++)
      if (view->play_cities[card][block] != 0)
        return TRUE;
  return FALSE;
}

/* The legal moves of the view's seat as small codes, in the game's order:
 * a choice as its counts of 1s, 2s and 3s (base 7), a play as card, city
 * and block (base 10). A bot picks one of them for every move it makes, so
 * only the picked one becomes text. */
#define MAX_MOVES (MANHATTAN_N_SPOTS * MANHATTAN_N_CITIES * MANHATTAN_MAX_BLOCK)

static guint
legal_moves (const ManhattanView *view,
             guint16              moves[MAX_MOVES])
{
  int seat = view->seat;
  guint n = 0;

  if (seat < 0)
    return 0;

  if (view->choose_count > 0)
    {
      const guint8 *max = view->choose_max;
      int count = view->choose_count;

      for (int a = MIN (max[1], count); a >= 0; a--)
        for (int b = MIN (max[2], count - a); b >= 0; b--)
          for (int c = MIN (max[3], count - a - b); c >= 0; c--)
            if (count - a - b - c <= max[4])
              moves[n++] = (a * 7 + b) * 7 + c;
    }
  else
    for (int card = 0; card < MANHATTAN_N_SPOTS; card++)
      for (int city = 0; city < MANHATTAN_N_CITIES; city++)
        for (int block = 1; block <= MANHATTAN_MAX_BLOCK; block++)
          if (view->play_cities[card][block] & (1u << city))
            moves[n++] = (card * 10 + city) * 10 + block;

  return n;
}

static char *
format_move (const ManhattanView *view,
             guint16              move)
{
  if (view->choose_count > 0)
    {
      int a = move / 49, b = move / 7 % 7, c = move % 7;
      guint8 counts[MANHATTAN_MAX_BLOCK + 1] = { 0, a, b, c, view->choose_count - a - b - c };
      g_autofree char *blocks = manhattan_blocks_to_string (counts);

      return g_strconcat ("choose blocks=", blocks, NULL);
    }
  else
    {
      /* Single digits each. */
      char line[] = "play card=0 city=0 block=0";

      line[10] = '0' + move / 100;
      line[17] = '0' + move / 10 % 10;
      line[25] = '0' + move % 10;
      return g_strdup (line);
    }
}

GPtrArray *
manhattan_view_legal_actions (const ManhattanView *view)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
  guint16 moves[MAX_MOVES];
  guint n;

  g_return_val_if_fail (view != NULL, actions);

  n = legal_moves (view, moves);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (actions, format_move (view, moves[i]));

  return actions;
}

guint
manhattan_view_n_legal_actions (const ManhattanView *view)
{
  guint16 moves[MAX_MOVES];

  g_return_val_if_fail (view != NULL, 0);

  return legal_moves (view, moves);
}

char *
manhattan_view_legal_action (const ManhattanView *view,
                             guint                index)
{
  guint16 moves[MAX_MOVES];

  g_return_val_if_fail (view != NULL, NULL);

  if (index >= legal_moves (view, moves))
    return NULL;

  return format_move (view, moves[index]);
}

guint
manhattan_view_card_cities (const ManhattanView *view,
                            int                  card,
                            int                 *row,
                            int                 *col)
{
  guint mask = 0;

  g_return_val_if_fail (view != NULL, 0);
  g_return_val_if_fail (card >= 0 && card < MANHATTAN_N_SPOTS, 0);

  manhattan_card_spot (MAX (view->seat, 0), card, row, col);
  for (int block = 1; block <= MANHATTAN_MAX_BLOCK; block++)
    mask |= view->play_cities[card][block];

  return mask;
}

char *
manhattan_view_spot_refusal (const ManhattanView *view,
                             int                  city,
                             int                  row,
                             int                  col,
                             int                  block)
{
  int needed;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (city >= 0 && city < MANHATTAN_N_CITIES, NULL);
  g_return_val_if_fail (row >= 0 && row < 3 && col >= 0 && col < 3, NULL);

  if (view->seat < 0)
    return g_strdup (_("Spectators cannot build"));
  if (block < 1 || block > MANHATTAN_MAX_BLOCK || view->chosen[view->seat][block] == 0)
    return g_strdup_printf (ngettext ("You have no %d-storey block left among this round’s blocks",
                                      "You have no %d-storey block left among this round’s blocks",
                                      block), block);
  needed = manhattan_spot_needed (view->board.storeys[city][row * 3 + col], view->seat);
  if (block < needed)
    return g_strdup_printf (ngettext ("You need at least %d storey here",
                                      "You need at least %d storeys here", needed), needed);

  return NULL;
}

int
manhattan_view_tallest (const ManhattanView *view,
                        GArray              *spots)
{
  int best = 0;

  g_return_val_if_fail (view != NULL, 0);

  for (int i = 0; i < MANHATTAN_N_CITIES * MANHATTAN_N_SPOTS; i++)
    {
      int h = manhattan_spot_height (view->board.storeys[i / MANHATTAN_N_SPOTS][i % MANHATTAN_N_SPOTS]);

      if (h > best)
        {
          best = h;
          if (spots != NULL)
            g_array_set_size (spots, 0);
        }
      if (h == best && h > 0 && spots != NULL)
        g_array_append_val (spots, i);
    }

  return best;
}

int
manhattan_view_city_owner (const ManhattanView *view,
                           int                  city)
{
  int count[MANHATTAN_N_SEATS] = { 0 };

  g_return_val_if_fail (view != NULL, -1);
  g_return_val_if_fail (city >= 0 && city < MANHATTAN_N_CITIES, -1);

  for (int spot = 0; spot < MANHATTAN_N_SPOTS; spot++)
    if (view->board.owner[city][spot] >= 0)
      count[view->board.owner[city][spot]]++;

  return manhattan_majority_of (count);
}
