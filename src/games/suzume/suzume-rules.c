/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-suzume"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-claim.h"
#include "mahjong-tile.h"
#include "mahjong-wall.h"
#include "parlor-game.h"
#include "parlor-line.h"
#include "suzume-rules.h"

#define ALL PARLOR_AUDIENCE_ALL

/* ---- configuration ---- */

gboolean
suzume_config_parse (const char   *text,
                     SuzumeConfig *config,
                     GError      **error)
{
  SuzumeConfig result = { 4, 1, -1 };
  g_auto(GStrv) words = NULL;

  g_return_val_if_fail (config != NULL, FALSE);

  words = g_strsplit_set (text != NULL ? text : "", " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      const char *eq = strchr (word, '=');
      g_autofree char *key = NULL;
      const char *value;
      guint64 v;

      if (*word == '\0')
        continue;
      if (eq == NULL)
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                       _("Unknown game option “%s”"), word);
          return FALSE;
        }
      key = g_strndup (word, eq - word);
      value = eq + 1;
      if (g_str_equal (key, "seats"))
        {
          if (!g_ascii_string_to_unsigned (value, 10, SUZUME_MIN_SEATS, SUZUME_MAX_SEATS, &v, NULL))
            {
              g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("Suzume-jong is played by 2 to 5 players, not “%s”"), value);
              return FALSE;
            }
          result.n_seats = (guint) v;
        }
      else if (g_str_equal (key, "deals"))
        {
          if (!g_ascii_string_to_unsigned (value, 10, 1, 4, &v, NULL) || v == 3)
            {
              g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("Every player deals 1, 2 or 4 times, not “%s”"), value);
              return FALSE;
            }
          result.deals = (guint) v;
        }
      else if (g_str_equal (key, "dealer"))
        {
          if (g_str_equal (value, "random"))
            result.first_dealer = -1;
          else if (g_ascii_string_to_unsigned (value, 10, 0, SUZUME_MAX_SEATS - 1, &v, NULL))
            result.first_dealer = (int) v;
          else
            {
              g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                           _("The first dealer must be a seat number or random, not “%s”"), value);
              return FALSE;
            }
        }
      else
        {
          g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                       _("Unknown game option “%s”"), key);
          return FALSE;
        }
    }
  if (result.first_dealer >= (int) result.n_seats)
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("There is no seat %d at a table of %u"), result.first_dealer, result.n_seats);
      return FALSE;
    }

  *config = result;
  return TRUE;
}

/* ---- helpers ---- */

static guint32
others (const SuzumeState *state,
        guint              seat)
{
  return ALL & ~PARLOR_AUDIENCE_SEAT (seat);
}

static int
tile_order (gconstpointer a,
            gconstpointer b)
{
  MahjongTile x = *(const MahjongTile *) a, y = *(const MahjongTile *) b;

  if (suzume_tile_kind (x) != suzume_tile_kind (y))
    return (int) suzume_tile_kind (x) - (int) suzume_tile_kind (y);
  return (int) x - (int) y;
}

static void
sort_hand (SuzumeState *state,
           guint        seat)
{
  qsort (state->hands[seat], state->hand_len[seat], sizeof (MahjongTile), tile_order);
}

static char *
hand_string (const SuzumeState *state,
             guint              seat)
{
  return suzume_tiles_to_string (state->hands[seat], state->hand_len[seat], ',');
}

static char *
points_string (const SuzumeState *state)
{
  GString *out = g_string_new (NULL);

  for (guint s = 0; s < state->config.n_seats; s++)
    g_string_append_printf (out, "%s%d", s > 0 ? "," : "", state->points[s]);
  return g_string_free (out, FALSE);
}

guint
suzume_state_wall_left (const SuzumeState *state)
{
  return SUZUME_N_TILES - state->wall_pos;
}

/* ---- the match ---- */

void
suzume_state_init (SuzumeState        *state,
                   const SuzumeConfig *config,
                   guint64             seed)
{
  g_return_if_fail (state != NULL && config != NULL);

  memset (state, 0, sizeof *state);
  state->config = *config;
  parlor_rng_init (&state->rng, seed, 0x5a5a);
  for (guint s = 0; s < config->n_seats; s++)
    state->points[s] = SUZUME_START_POINTS;
  state->n_hands = config->n_seats * config->deals;
  state->last_discarder = -1;
  state->indicator = MAHJONG_NO_TILE;
  state->drawn = MAHJONG_NO_TILE;
}

static void
draw_tile (SuzumeState *state,
           guint        seat,
           GPtrArray   *events)
{
  char buf[3];
  MahjongTile t = state->wall[state->wall_pos++];

  state->turn = seat;
  state->phase = SUZUME_PHASE_TURN;
  state->drawn = t;
  state->hands[seat][state->hand_len[seat]++] = t;
  sort_hand (state, seat);
  parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "draw seat=%u tile=%s wall=%u", seat,
               suzume_tile_to_string (t, buf), suzume_state_wall_left (state));
  parlor_emit (events, others (state, seat), "draw seat=%u wall=%u", seat,
               suzume_state_wall_left (state));
}

void
suzume_state_deal_wall (SuzumeState       *state,
                        const MahjongTile *wall,
                        GPtrArray         *events)
{
  guint n = state->config.n_seats;
  char buf[3];

  memcpy (state->wall, wall, sizeof state->wall);
  state->wall_pos = 0;
  state->last_discarder = -1;
  state->last_discard = MAHJONG_NO_TILE;
  mahjong_claim_close (&state->claim);
  memset (state->n_discards, 0, sizeof state->n_discards);
  memset (state->discarded_kinds, 0, sizeof state->discarded_kinds);

  parlor_emit (events, ALL, "hand number=%u of=%u dealer=%u", state->hand_number, state->n_hands,
               state->dealer);
  for (guint i = 0; i < n; i++)
    {
      guint seat = (state->dealer + i) % n;
      g_autofree char *tiles = NULL;

      memcpy (state->hands[seat], state->wall + state->wall_pos, 5);
      state->wall_pos += 5;
      state->hand_len[seat] = 5;
      sort_hand (state, seat);
      tiles = hand_string (state, seat);
      parlor_emit (events, PARLOR_AUDIENCE_SEAT (seat), "deal seat=%u tiles=%s", seat, tiles);
      parlor_emit (events, others (state, seat), "deal seat=%u count=5", seat);
    }
  state->indicator = state->wall[state->wall_pos++];
  parlor_emit (events, ALL, "dora tile=%s", suzume_tile_to_string (state->indicator, buf));
  draw_tile (state, state->dealer, events);
}

static guint
wall_tile_from_string (const char *text)
{
  return suzume_tile_from_string (text);
}

static const char *
wall_tile_to_string (guint tile,
                     char  buf[4])
{
  return suzume_tile_to_string ((MahjongTile) tile, buf);
}

const MahjongWallRules suzume_wall_rules = {
  MAHJONG_TILE_SET_SUZUME, wall_tile_from_string, wall_tile_to_string,
};

static void
deal_hand (SuzumeState *state,
           GPtrArray   *events)
{
  MahjongWall kit;

  /* the shared kit holds the 44 tiles (one red copy of each number, red 中) and shuffles */
  mahjong_wall_init (&kit, MAHJONG_TILE_SET_SUZUME, &state->rng);
  g_assert (kit.size == SUZUME_N_TILES);
  mahjong_wall_add_event (events, &kit, &suzume_wall_rules);
  suzume_state_deal_wall (state, kit.tiles, events);
}

void
suzume_state_start (SuzumeState *state,
                    GPtrArray   *events)
{
  g_return_if_fail (state != NULL && !state->started);

  state->started = TRUE;
  if (state->config.first_dealer >= 0)
    state->dealer = (guint) state->config.first_dealer;
  else
    state->dealer = parlor_rng_below (&state->rng, state->config.n_seats);
  state->hand_number = 1;
  parlor_emit (events, ALL, "match seats=%u deals=%u dealer=%u points=%d", state->config.n_seats,
               state->config.deals, state->dealer, SUZUME_START_POINTS);
  deal_hand (state, events);
}

guint32
suzume_state_waiting (const SuzumeState *state)
{
  if (!state->started)
    return 0;
  switch (state->phase)
    {
    case SUZUME_PHASE_TURN:
      return PARLOR_AUDIENCE_SEAT (state->turn);
    case SUZUME_PHASE_CLAIM:
      return mahjong_claim_waiting (&state->claim);
    case SUZUME_PHASE_OVER:
    default:
      return 0;
    }
}

static void
end_hand (SuzumeState *state,
          GPtrArray   *events)
{
  g_autofree char *points = points_string (state);

  parlor_emit (events, ALL, "scores points=%s", points);
  mahjong_claim_close (&state->claim);
  if (state->hand_number >= state->n_hands)
    {
      g_autofree char *result = suzume_state_ranking_line (state, "game-over");

      state->phase = SUZUME_PHASE_OVER;
      parlor_emit (events, ALL, "%s", result);
      return;
    }
  state->hand_number++;
  state->dealer = (state->dealer + 1) % state->config.n_seats;
  deal_hand (state, events);
}

gboolean
suzume_state_can_tsumo (const SuzumeState *state,
                        guint              seat,
                        SuzumeScore       *score)
{
  SuzumeScore local;

  if (score == NULL)
    score = &local;
  if (state->phase != SUZUME_PHASE_TURN || seat != state->turn ||
      state->hand_len[seat] != SUZUME_HAND_SIZE)
    return FALSE;
  return suzume_score_hand (state->hands[seat], state->indicator, score) &&
         score->total >= SUZUME_MIN_POINTS;
}

gboolean
suzume_state_can_ron (const SuzumeState *state,
                      guint              seat,
                      SuzumeScore       *score)
{
  MahjongTile tiles[SUZUME_HAND_SIZE];
  SuzumeScore local;

  if (score == NULL)
    score = &local;
  if (state->last_discarder < 0 || (guint) state->last_discarder == seat ||
      seat >= state->config.n_seats || state->hand_len[seat] != SUZUME_HAND_SIZE - 1)
    return FALSE;
  /* the ron ban: no ron on a number or dragon you have discarded this hand */
  if (state->discarded_kinds[seat] & (1u << suzume_tile_kind (state->last_discard)))
    return FALSE;
  memcpy (tiles, state->hands[seat], SUZUME_HAND_SIZE - 1);
  tiles[SUZUME_HAND_SIZE - 1] = state->last_discard;
  return suzume_score_hand (tiles, state->indicator, score) && score->total >= SUZUME_MIN_POINTS;
}

gboolean
suzume_state_ron_barred (const SuzumeState *state,
                         guint              seat)
{
  MahjongTile tiles[SUZUME_HAND_SIZE];
  SuzumeScore score;

  if (state->last_discarder < 0 || (guint) state->last_discarder == seat ||
      seat >= state->config.n_seats || state->hand_len[seat] != SUZUME_HAND_SIZE - 1 ||
      !(state->discarded_kinds[seat] & (1u << suzume_tile_kind (state->last_discard))))
    return FALSE;
  memcpy (tiles, state->hands[seat], SUZUME_HAND_SIZE - 1);
  tiles[SUZUME_HAND_SIZE - 1] = state->last_discard;
  return suzume_score_hand (tiles, state->indicator, &score) && score.total >= SUZUME_MIN_POINTS;
}

static int
pay (SuzumeState *state,
     guint        from,
     guint        to,
     int          owed,
     GPtrArray   *events)
{
  int paid = MIN (owed, state->points[from]);

  state->points[from] -= paid;
  state->points[to] += paid;
  parlor_emit (events, ALL, "pay from=%u to=%u points=%d owed=%d", from, to, paid, owed);
  return paid;
}

static void
announce_win (SuzumeState       *state,
              const char        *type,
              guint              seat,
              int                from,
              MahjongTile        tile,
              const MahjongTile *tiles,
              const SuzumeScore *score,
              GPtrArray         *events)
{
  g_autofree char *hand = suzume_tiles_to_string (tiles, SUZUME_HAND_SIZE, ',');
  g_autofree char *yaku = suzume_score_to_ids (score);
  char buf[3];

  if (from >= 0)
    parlor_emit (events, ALL, "%s seat=%u from=%d tile=%s hand=%s total=%d yaku=%s bonus=%d",
                 type, seat, from, suzume_tile_to_string (tile, buf), hand, score->total, yaku,
                 seat == state->dealer ? SUZUME_DEALER_BONUS : 0);
  else
    parlor_emit (events, ALL, "%s seat=%u tile=%s hand=%s total=%d yaku=%s bonus=%d", type, seat,
                 suzume_tile_to_string (tile, buf), hand, score->total, yaku,
                 seat == state->dealer ? SUZUME_DEALER_BONUS : 0);
}

static gboolean
check_turn (const SuzumeState *state,
            guint              seat,
            GError           **error)
{
  if (state->phase == SUZUME_PHASE_OVER)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("The match is over"));
      return FALSE;
    }
  if (state->phase != SUZUME_PHASE_TURN || seat != state->turn)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("It is not your turn"));
      return FALSE;
    }
  return TRUE;
}

gboolean
suzume_state_tsumo (SuzumeState *state,
                    guint        seat,
                    GPtrArray   *events,
                    GError     **error)
{
  SuzumeScore score;
  guint n = state->config.n_seats;
  int owed, share;

  if (!check_turn (state, seat, error))
    return FALSE;
  if (!suzume_state_can_tsumo (state, seat, &score))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           score.shape ? _("A win needs at least 5 points")
                                       : _("Your tiles do not make two sets"));
      return FALSE;
    }
  announce_win (state, "tsumo", seat, -1, state->drawn, state->hands[seat], &score, events);
  owed = score.total + (seat == state->dealer ? SUZUME_DEALER_BONUS : 0);
  share = (owed + (int) n - 2) / ((int) n - 1);
  for (guint i = 1; i < n; i++)
    pay (state, (seat + i) % n, seat, share, events);
  end_hand (state, events);
  return TRUE;
}

gboolean
suzume_state_discard (SuzumeState *state,
                      guint        seat,
                      MahjongTile  tile,
                      GPtrArray   *events,
                      GError     **error)
{
  guint n = state->config.n_seats;
  guint i;
  char buf[3];

  if (!check_turn (state, seat, error))
    return FALSE;
  for (i = 0; i < state->hand_len[seat]; i++)
    if (state->hands[seat][i] == tile)
      break;
  if (i == state->hand_len[seat])
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                   _("You hold no %s"), suzume_tile_to_string (tile, buf));
      return FALSE;
    }
  memmove (state->hands[seat] + i, state->hands[seat] + i + 1,
           state->hand_len[seat] - i - 1);
  state->hand_len[seat]--;
  state->discards[seat][state->n_discards[seat]++] = tile;
  state->discarded_kinds[seat] |= 1u << suzume_tile_kind (tile);
  state->last_discarder = (int) seat;
  state->last_discard = tile;
  state->drawn = MAHJONG_NO_TILE;
  parlor_emit (events, ALL, "discard seat=%u tile=%s", seat, suzume_tile_to_string (tile, buf));
  /* Told to that seat alone, so that it knows why it is not asked. */
  for (guint s = 0; s < n; s++)
    if (s != seat && suzume_state_ron_barred (state, s))
      parlor_emit (events, PARLOR_AUDIENCE_SEAT (s), "ron-barred seat=%u tile=%s", s, buf);

  /* Every other seat is asked, whatever it holds, so nobody learns from the
   * window whether someone could ron; a seat that cannot has only `pass`,
   * which the table plays for it (parlor_game_get_automatic_action). */
  mahjong_claim_open (&state->claim, n, seat, tile);
  state->phase = SUZUME_PHASE_CLAIM;
  return TRUE;
}

gboolean
suzume_state_answer (SuzumeState *state,
                     guint        seat,
                     gboolean     ron,
                     GPtrArray   *events,
                     GError     **error)
{
  guint n = state->config.n_seats;
  guint discarder;
  MahjongClaimResult r;

  if (state->phase == SUZUME_PHASE_OVER)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_OVER,
                           _("The match is over"));
      return FALSE;
    }
  if (state->phase != SUZUME_PHASE_CLAIM || !(suzume_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_NOT_YOUR_TURN,
                           _("You are not asked about this discard"));
      return FALSE;
    }
  if (ron && !suzume_state_can_ron (state, seat, NULL))
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("This discard does not complete a hand of 5 points for you, or you "
                             "discarded that number yourself"));
      return FALSE;
    }
  if (!mahjong_claim_answer (&state->claim, seat,
                             ron ? MAHJONG_ANSWER_WIN : MAHJONG_ANSWER_PASS, 0))
    return TRUE;

  /* every answer is in: every seat that claimed ron wins */
  discarder = (guint) state->last_discarder;
  mahjong_claim_resolve (&state->claim, MAHJONG_CLAIM_EVERY_WIN, &r);
  if (r.claim == MAHJONG_ANSWER_WIN)
    {
      for (guint i = 1; i < n; i++)
        {
          guint w = mahjong_claim_seat_after (&state->claim, i);
          MahjongTile tiles[SUZUME_HAND_SIZE];
          SuzumeScore score;

          if (!(r.winners & PARLOR_AUDIENCE_SEAT (w)))
            continue;
          suzume_state_can_ron (state, w, &score);
          memcpy (tiles, state->hands[w], SUZUME_HAND_SIZE - 1);
          tiles[SUZUME_HAND_SIZE - 1] = state->last_discard;
          qsort (tiles, SUZUME_HAND_SIZE, sizeof (MahjongTile), tile_order);
          announce_win (state, "ron", w, (int) discarder, state->last_discard, tiles, &score, events);
          pay (state, discarder, w,
               score.total + (w == state->dealer ? SUZUME_DEALER_BONUS : 0), events);
        }
      end_hand (state, events);
      return TRUE;
    }

  mahjong_claim_close (&state->claim);
  if (suzume_state_wall_left (state) == 0)
    {
      parlor_emit (events, ALL, "exhausted");
      end_hand (state, events);
    }
  else
    draw_tile (state, (discarder + 1) % n, events);
  return TRUE;
}

/* ---- results and views ---- */

void
suzume_state_ranks (const SuzumeState *state,
                    int                ranks[SUZUME_MAX_SEATS])
{
  for (guint s = 0; s < state->config.n_seats; s++)
    {
      ranks[s] = 1;
      for (guint o = 0; o < state->config.n_seats; o++)
        if (state->points[o] > state->points[s])
          ranks[s]++;
    }
}

char *
suzume_state_ranking_line (const SuzumeState *state,
                           const char        *type)
{
  int ranks[SUZUME_MAX_SEATS];
  g_autofree char *points = points_string (state);
  GString *r = g_string_new (NULL), *w = g_string_new (NULL);
  char *line;

  suzume_state_ranks (state, ranks);
  for (guint s = 0; s < state->config.n_seats; s++)
    {
      g_string_append_printf (r, "%s%d", s > 0 ? "," : "", ranks[s]);
      if (ranks[s] == 1)
        g_string_append_printf (w, "%s%u", w->len > 0 ? "," : "", s);
    }
  line = g_strdup_printf ("%s scores=%s ranks=%s winners=%s", type, points, r->str, w->str);
  g_string_free (r, TRUE);
  g_string_free (w, TRUE);
  return line;
}

char *
suzume_state_view_line (const SuzumeState *state,
                        int                seat)
{
  GString *out = g_string_new ("view");
  g_autofree char *points = points_string (state);
  const char *ask = "none";
  guint turn = state->phase == SUZUME_PHASE_CLAIM ? (guint) state->last_discarder : state->turn;
  char buf[3];

  if (seat >= (int) state->config.n_seats)
    seat = -1;
  /* A seat that cannot ron the discard is not asked: the table passes for it. */
  if (seat >= 0 && (suzume_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    ask = state->phase != SUZUME_PHASE_CLAIM ? "discard"
          : suzume_state_can_ron (state, (guint) seat, NULL) ? "ron" : "none";

  g_string_append_printf (out, " seat=%d seats=%u deals=%u hand-number=%u hands=%u dealer=%u turn=%u",
                          seat, state->config.n_seats, state->config.deals, state->hand_number,
                          state->n_hands, state->dealer, turn);
  g_string_append_printf (out, " ask=%s", ask);
  if (state->phase == SUZUME_PHASE_OVER)
    g_string_append (out, " over=yes");
  if (seat >= 0)
    {
      g_autofree char *hand = hand_string (state, seat);

      g_string_append_printf (out, " hand=%s", hand);
      if (g_str_equal (ask, "discard") && state->drawn != MAHJONG_NO_TILE)
        g_string_append_printf (out, " drawn=%s", suzume_tile_to_string (state->drawn, buf));
      /* The seat's legal win, so that no client works it out. */
      if (g_str_equal (ask, "discard") && suzume_state_can_tsumo (state, (guint) seat, NULL))
        g_string_append (out, " tsumo=yes");
    }
  if (state->indicator != MAHJONG_NO_TILE)
    g_string_append_printf (out, " dora=%s", suzume_tile_to_string (state->indicator, buf));
  g_string_append_printf (out, " wall=%u scores=%s", suzume_state_wall_left (state), points);
  for (guint s = 0; s < state->config.n_seats; s++)
    {
      g_autofree char *d = suzume_tiles_to_string (state->discards[s], state->n_discards[s], ',');

      g_string_append_printf (out, " d%u=%s", s, d);
    }
  if (state->last_discarder >= 0)
    g_string_append_printf (out, " last=%s from=%d",
                            suzume_tile_to_string (state->last_discard, buf),
                            state->last_discarder);
  return g_string_free (out, FALSE);
}

GPtrArray *
suzume_state_legal_actions (const SuzumeState *state,
                            guint              seat)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  if (!state->started || seat >= state->config.n_seats ||
      !(suzume_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    return actions;

  if (state->phase == SUZUME_PHASE_CLAIM)
    {
      if (suzume_state_can_ron (state, seat, NULL))
        g_ptr_array_add (actions, g_strdup ("ron"));
      g_ptr_array_add (actions, g_strdup ("pass"));
      return actions;
    }

  if (suzume_state_can_tsumo (state, seat, NULL))
    g_ptr_array_add (actions, g_strdup ("tsumo"));
  for (guint i = 0; i < state->hand_len[seat]; i++)
    {
      char buf[3];

      if (i > 0 && state->hands[seat][i] == state->hands[seat][i - 1])
        continue;
      g_ptr_array_add (actions, g_strconcat ("discard ",
                                             suzume_tile_to_string (state->hands[seat][i], buf),
                                             NULL));
    }
  return actions;
}

gboolean
suzume_state_apply (SuzumeState *state,
                    guint        seat,
                    const char  *action,
                    GPtrArray   *events,
                    GError     **error)
{
  g_autoptr(ParlorLine) line = NULL;
  const char *type;
  gboolean claim;

  if (!state->started)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("The game has not started yet"));
      return FALSE;
    }
  line = parlor_game_parse_seat_action (action, seat, state->config.n_seats, error);
  if (line == NULL)
    return FALSE;
  type = parlor_line_get_type (line);
  claim = g_str_equal (type, "ron") || g_str_equal (type, "pass");

  if ((claim || g_str_equal (type, "tsumo")) &&
      (parlor_line_get_n_words (line) > 0 || parlor_line_get_n_keys (line) > 0))
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                   _("“%s” takes nothing more"), type);
      return FALSE;
    }
  if (claim)
    return suzume_state_answer (state, seat, g_str_equal (type, "ron"), events, error);
  if (g_str_equal (type, "tsumo"))
    return suzume_state_tsumo (state, seat, events, error);
  if (g_str_equal (type, "discard"))
    {
      MahjongTile tile = MAHJONG_NO_TILE;

      if (parlor_line_get_n_words (line) == 1 && parlor_line_get_n_keys (line) == 0)
        tile = suzume_tile_from_string (parlor_line_get_word (line, 0));
      if (tile == MAHJONG_NO_TILE)
        {
          g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                               _("Say which tile you discard, e.g. “discard 5s” (1s–9s, 1r–9r "
                                 "red, F, C)"));
          return FALSE;
        }
      return suzume_state_discard (state, seat, tile, events, error);
    }

  g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
               _("“%s” is not a Suzume-jong action (use discard, tsumo, ron or pass)"), type);
  return FALSE;
}

char *
suzume_state_default_action (const SuzumeState *state,
                             guint              seat)
{
  char buf[3];

  if (!state->started || seat >= state->config.n_seats ||
      !(suzume_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
    return NULL;
  if (state->phase == SUZUME_PHASE_CLAIM)
    return g_strdup ("pass");
  return g_strconcat ("discard ", suzume_tile_to_string (state->drawn, buf), NULL);
}

char *
suzume_state_result_line (const SuzumeState *state)
{
  if (state->phase != SUZUME_PHASE_OVER)
    return NULL;
  return suzume_state_ranking_line (state, "result");
}

guint
suzume_state_n_seats (const SuzumeState *state)
{
  return state->config.n_seats;
}

ParlorPromptKind
suzume_state_prompt_kind (const SuzumeState *state)
{
  return state->phase == SUZUME_PHASE_CLAIM ? PARLOR_PROMPT_CLAIM : PARLOR_PROMPT_TURN;
}
