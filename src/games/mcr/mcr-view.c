/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mcr"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mcr-view.h"
#include "parlor-game.h"
#include "parlor-line.h"

static guint
read_tile_at (const char *s,
              guint      *len)
{
  char buf[3] = { 0 };

  if (s[0] == '\0')
    {
      *len = 0;
      return MAHJONG_NO_TILE;
    }
  if (s[0] >= '1' && s[0] <= '9' && s[1] != '\0')
    {
      buf[0] = s[0], buf[1] = s[1];
      *len = 2;
    }
  else if (s[0] == 'f' && s[1] >= '1' && s[1] <= '8')
    {
      *len = 2;
      return MAHJONG_TILE_FLOWER;
    }
  else
    {
      buf[0] = s[0];
      *len = 1;
    }
  return mahjong_tile_from_string (buf);
}

/* A value that is exactly one tile (no flower), or "-" for none. */
static gboolean
read_one_tile (const char *s,
               guint8     *tile)
{
  guint len;
  guint t;

  if (g_str_equal (s, "-"))
    {
      *tile = MAHJONG_NO_TILE;
      return TRUE;
    }
  t = read_tile_at (s, &len);

  if (t >= MAHJONG_N_KINDS || s[len] != '\0')
    return FALSE;
  *tile = (guint8) t;
  return TRUE;
}

static gboolean
read_tiles (const char *s,
            guint8     *out,
            guint       max,
            guint8     *n_out)
{
  guint n = 0;

  if (s == NULL)
    return FALSE;
  if (g_str_equal (s, "-"))
    {
      *n_out = 0;
      return TRUE;
    }
  while (*s != '\0')
    {
      guint len;
      guint t = read_tile_at (s, &len);

      if (t >= MAHJONG_N_KINDS || n >= max)
        return FALSE;
      out[n++] = (guint8) t;
      s += len;
    }
  *n_out = (guint8) n;
  return TRUE;
}

static gboolean
read_melds (const char *s,
            McrView    *v,
            guint       p)
{
  g_auto(GStrv) parts = NULL;

  if (s == NULL)
    return FALSE;
  if (g_str_equal (s, "-"))
    return TRUE;
  parts = g_strsplit (s, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *x = parts[i];
      MahjongMeld m = { 0 };
      guint len, tile;

      if (i >= 4 || x[0] == '\0')
        return FALSE;
      if (x[0] == 'h' && x[1] == '\0')
        {
          /* Another seat's concealed kong: its tile is not shown. */
          m.type = MAHJONG_MELD_KONG;
          m.source = MAHJONG_MELD_CONCEALED;
          m.tile = MAHJONG_NO_TILE;
          m.claimed = MAHJONG_NO_TILE;
          v->melds_of[p][v->n_melds_of[p]++] = m;
          continue;
        }
      tile = read_tile_at (x + 1, &len);
      if (tile >= MAHJONG_N_KINDS)
        return FALSE;
      m.tile = (guint8) tile;
      m.claimed = (guint8) tile;
      switch (x[0])
        {
        case 'c': m.type = MAHJONG_MELD_CHOW; m.source = MAHJONG_MELD_CLAIMED; break;
        case 'p': m.type = MAHJONG_MELD_PUNG; m.source = MAHJONG_MELD_CLAIMED; break;
        case 'k': m.type = MAHJONG_MELD_KONG; m.source = MAHJONG_MELD_CLAIMED; break;
        case 'a': m.type = MAHJONG_MELD_KONG; m.source = MAHJONG_MELD_ADDED; break;
        case 'h':
          m.type = MAHJONG_MELD_KONG;
          m.source = MAHJONG_MELD_CONCEALED;
          m.claimed = MAHJONG_NO_TILE;
          break;
        default:
          return FALSE;
        }
      if (m.source != MAHJONG_MELD_CONCEALED)
        {
          m.from = (guint8) (x[1 + len] >= '1' && x[1 + len] <= '3' ? x[1 + len] - '0' : 1);
          if (m.type == MAHJONG_MELD_CHOW && (tile >= 27 || tile % 9 > 6))
            return FALSE;
        }
      /* "+N": the chow's claimed tile is its Nth from the lowest (older lines: the lowest). */
      if (m.type == MAHJONG_MELD_CHOW && x[1 + len] != '\0' && x[2 + len] == '+' &&
          x[3 + len] >= '0' && x[3 + len] <= '2' && x[4 + len] == '\0')
        m.claimed = (guint8) (tile + (guint) (x[3 + len] - '0'));
      if (m.type == MAHJONG_MELD_CHOW)
        {
          v->chow_melds_of[p] = TRUE;
          for (guint t = tile; t < tile + 3; t++)
            v->exposed[t]++;
        }
      else
        v->exposed[tile] = (guint8) MIN (4, v->exposed[tile] + (m.type == MAHJONG_MELD_KONG ? 4 : 3));
      v->melds_of[p][v->n_melds_of[p]++] = m;
      if ((int) p == v->seat)
        v->melds[v->n_melds++] = m;
    }
  return TRUE;
}

static const char * const action_types[] = { "hu", "pass", "pung", "kong", "chow", "discard" };

static gboolean
is_action_type (const char *type,
                gsize       len)
{
  for (guint i = 0; i < G_N_ELEMENTS (action_types); i++)
    if (strlen (action_types[i]) == len && strncmp (type, action_types[i], len) == 0)
      return TRUE;
  return FALSE;
}

/* "chow:3m" → "chow tile=3m", "pass" → "pass". */
static gboolean
read_actions (const char *s,
              McrView    *v)
{
  g_auto(GStrv) parts = NULL;

  if (s == NULL || g_str_equal (s, "-"))
    return TRUE;
  parts = g_strsplit (s, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *colon = strchr (parts[i], ':');
      gsize len = colon != NULL ? (gsize) (colon - parts[i]) : strlen (parts[i]);

      if (v->n_actions >= MCR_VIEW_MAX_ACTIONS || !is_action_type (parts[i], len))
        return FALSE;
      if (colon != NULL)
        {
          char buf[3];

          if (mahjong_tile_from_string (colon + 1) >= MAHJONG_N_KINDS)
            return FALSE;
          mahjong_tile_to_string (mahjong_tile_from_string (colon + 1), buf);
          g_snprintf (v->actions[v->n_actions], sizeof v->actions[0], "%.*s tile=%s",
                      (int) len, parts[i], buf);
        }
      else
        g_strlcpy (v->actions[v->n_actions], parts[i], sizeof v->actions[0]);
      v->n_actions++;
    }
  return TRUE;
}

char *
mcr_view_actions_value (const char * const *actions,
                        guint               n_actions)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n_actions; i++)
    {
      const char *tile = strstr (actions[i], " tile=");

      if (out->len > 0)
        g_string_append_c (out, ',');
      if (tile != NULL)
        {
          g_string_append_len (out, actions[i], tile - actions[i]);
          g_string_append_c (out, ':');
          g_string_append (out, tile + strlen (" tile="));
        }
      else
        g_string_append (out, actions[i]);
    }
  if (out->len == 0)
    g_string_append_c (out, '-');
  return g_string_free (out, FALSE);
}

gboolean
mcr_view_can (const McrView *v,
              const char    *action)
{
  g_return_val_if_fail (v != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  for (guint i = 0; i < v->n_actions; i++)
    if (g_str_equal (v->actions[i], action))
      return TRUE;
  return FALSE;
}

gboolean
mcr_view_parse (const char  *text,
                McrView     *v,
                GError     **error)
{
  g_autoptr(ParlorLine) line = NULL;
  gint64 x;
  const char *s;
  guint8 mine[20];
  guint8 n_mine = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (v != NULL, FALSE);

  memset (v, 0, sizeof *v);
  line = parlor_line_parse (text, error);
  if (line == NULL)
    return FALSE;
  if (!g_str_equal (parlor_line_get_type (line), "view")
      || !parlor_line_get_int (line, "seat", 0, 3, &x, NULL))
    goto bad;
  v->seat = (int) x;
  s = parlor_line_get (line, "phase");
  if (s == NULL)
    goto bad;
  v->phase = s[0];
  v->asked = parlor_line_has (line, "ask");
  v->hand_no = parlor_line_get_int (line, "hand", 1, 16, &x, NULL) ? (guint) x : 1;
  v->n_hands = parlor_line_get_int (line, "of", 1, 16, &x, NULL) ? (guint) x : 16;
  if (parlor_line_get_int (line, "turn", 0, 3, &x, NULL))
    v->turn = (guint) x;
  if (parlor_line_get_int (line, "from", 0, 3, &x, NULL))
    v->from = (guint) x;
  v->tile = MAHJONG_NO_TILE;
  if ((s = parlor_line_get (line, "tile")) != NULL &&
      !read_one_tile (s, &v->tile))
    goto bad;
  if (!parlor_line_get_int (line, "wall", 0, 144, &x, NULL))
    goto bad;
  v->wall = (guint) x;
  s = parlor_line_get (line, "prevalent");
  v->prevalent = s != NULL && strchr ("ESWN", s[0]) != NULL && s[0] != '\0'
                 ? (guint) (strchr ("ESWN", s[0]) - "ESWN") : 0;
  if (parlor_line_get_int (line, "dealer", 0, 3, &x, NULL))
    v->dealer = (guint) x;
  if ((s = parlor_line_get (line, "scores")) != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (s, ",", -1);

      for (guint i = 0; i < 4 && parts[i] != NULL; i++)
        v->scores[i] = (int) g_ascii_strtoll (parts[i], NULL, 10);
    }
  v->drawn = MAHJONG_NO_TILE;
  if ((s = parlor_line_get (line, "drawn")) != NULL &&
      !read_one_tile (s, &v->drawn))
    goto bad;
  v->replacement = parlor_line_has (line, "replacement");
  if ((s = parlor_line_get (line, "flowers")) != NULL)
    {
      g_auto(GStrv) f = g_strsplit (s, ",", -1);

      for (guint i = 0; i < 4 && f[i] != NULL; i++)
        v->flowers[i] = (guint8) MIN (g_ascii_strtoull (f[i], NULL, 10), 8);
    }
  for (guint p = 0; p < 4; p++)
    {
      char key[4];

      g_snprintf (key, sizeof key, "d%u", p);
      if (!read_tiles (parlor_line_get (line, key), v->discards[p], 40, &v->n_discards[p]))
        goto bad;
      for (guint i = 0; i < v->n_discards[p]; i++)
        v->exposed[v->discards[p][i]]++;
      g_snprintf (key, sizeof key, "m%u", p);
      if (!read_melds (parlor_line_get (line, key), v, p))
        goto bad;
      g_snprintf (key, sizeof key, "n%u", p);
      v->n_hand[p] = parlor_line_get_int (line, key, 0, 18, &x, NULL) ? (guint8) x : 0;
    }
  if (!read_tiles (parlor_line_get (line, "mine"), mine, 20, &n_mine))
    goto bad;
  for (guint i = 0; i < n_mine; i++)
    v->counts[mine[i]]++;
  if (!read_actions (parlor_line_get (line, "actions"), v))
    goto bad;
  memcpy (v->visible, v->exposed, sizeof v->visible);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    v->visible[t] = (guint8) MIN (4, v->visible[t] + v->counts[t]);
  for (guint i = 0; i < v->n_melds; i++)
    if (v->melds[i].source == MAHJONG_MELD_CONCEALED)
      v->visible[v->melds[i].tile] = 4;
  return TRUE;

bad:
  g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                       _("This is not a Chinese Official mahjong view"));
  return FALSE;
}

guint
mcr_view_seat_wind (const McrView *v)
{
  g_return_val_if_fail (v != NULL, 0);
  return ((guint) v->seat + 4 - v->dealer) % 4;
}

/* ---- writing ---------------------------------------------------------------- */

/* "c1m1+2" (a chow and which of its tiles was claimed), "p5p2", "k5p3", "a5p1",
 * "h5p" (concealed kong), "h" (to the others). */
static void
append_meld (GString           *s,
             const MahjongMeld *m,
             gboolean           hide)
{
  char buf[3];

  if (m->type == MAHJONG_MELD_KONG && m->source == MAHJONG_MELD_CONCEALED)
    {
      g_string_append_c (s, 'h');
      if (!hide)
        g_string_append (s, mcr_tile_str (m->tile, buf));
      return;
    }
  g_string_append_c (s, m->type == MAHJONG_MELD_CHOW ? 'c'
                        : m->type == MAHJONG_MELD_PUNG ? 'p'
                        : m->source == MAHJONG_MELD_ADDED ? 'a' : 'k');
  g_string_append (s, mcr_tile_str (m->tile, buf));
  g_string_append_printf (s, "%u", m->from);
  if (m->type == MAHJONG_MELD_CHOW && m->claimed >= m->tile && m->claimed < m->tile + 3)
    g_string_append_printf (s, "+%u", (guint) (m->claimed - m->tile));
}


char *
mcr_state_view_line (const McrState *state,
               int             seat)
{
  static const char winds[] = "ESWN";
  GString *s = g_string_new ("view");
  char buf[3];

  if (seat < 0 || seat >= MCR_N_SEATS)
    seat = -1;
  g_string_append_printf (s, " seat=%d hand=%u of=%u dealer=%u prevalent=%c wall=%u",
                          seat, MIN (state->hand_no + 1, state->n_hands), state->n_hands,
                          state->dealer, winds[MIN (state->hand_no, state->n_hands - 1) / 4 % 4],
                          mahjong_wall_remaining (&state->wall));
  g_string_append_printf (s, " scores=%d,%d,%d,%d flowers=%u,%u,%u,%u", state->scores[0],
                          state->scores[1], state->scores[2], state->scores[3], state->flowers[0],
                          state->flowers[1], state->flowers[2], state->flowers[3]);
  if (state->phase == MCR_PHASE_OVER)
    g_string_append (s, " phase=over");
  else if (state->phase == MCR_PHASE_TURN)
    g_string_append_printf (s, " phase=turn turn=%u", state->turn);
  else
    g_string_append_printf (s, " phase=%s from=%u tile=%s",
                            state->phase == MCR_PHASE_ROB ? "rob" : "claim",
                            (guint) state->claim.from, mcr_tile_str (state->claim.tile, buf));
  for (guint p = 0; p < MCR_N_SEATS; p++)
    {
      g_string_append_printf (s, " d%u=", p);
      for (guint i = 0; i < state->n_discards[p]; i++)
        g_string_append (s, mcr_tile_str (state->discards[p][i], buf));
      if (state->n_discards[p] == 0)
        g_string_append (s, "-");
      g_string_append_printf (s, " m%u=", p);
      for (guint i = 0; i < state->n_melds[p]; i++)
        {
          if (i > 0)
            g_string_append_c (s, ',');
          append_meld (s, &state->melds[p][i], (int) p != seat);
        }
      if (state->n_melds[p] == 0)
        g_string_append (s, "-");
      g_string_append_printf (s, " n%u=%u", p, mcr_state_hand_tiles (state, p));
    }
  if (seat >= 0)
    {
      g_string_append (s, " mine=");
      mcr_append_counts (s, state->counts[seat]);
      if (state->phase == MCR_PHASE_TURN && state->turn == (guint) seat && state->drawn != MAHJONG_NO_TILE)
        g_string_append_printf (s, " drawn=%s%s", mcr_tile_str (state->drawn, buf),
                                state->after_kong ? " replacement=1" : "");
      if (state->phase != MCR_PHASE_OVER && (mcr_state_waiting (state) & PARLOR_AUDIENCE_SEAT (seat)))
        {
          g_autoptr(GPtrArray) actions = mcr_state_legal_actions (state, (guint) seat);
          g_autofree char *value = mcr_view_actions_value ((const char * const *) actions->pdata,
                                                           actions->len);

          /* A seat with nothing but pass is not asked: the table passes
           * for it, and its view is the same before and after. */
          if (state->phase == MCR_PHASE_TURN || actions->len > 1)
            {
              g_string_append (s, state->phase == MCR_PHASE_TURN ? " ask=turn" : " ask=claim");
              g_string_append_printf (s, " actions=%s", value);
            }
        }
    }
  return g_string_free (s, FALSE);
}
