/* SPDX-License-Identifier: GPL-3.0-or-later */
/* help/C/mcr-fan.page: the 81 fan in table order, each with an example hand that the
 * calculator scores exactly as the page says. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mahjong-mcr.h"
#include "mahjong-tile.h"

typedef struct
{
  int      points;    /* of the enclosing section "fan-N" */
  GString *title;
  GString *fan;       /* <span style="mcr-fan"> */
  GString *hand;      /* <code style="mcr-hand …"> */
  char    *tokens;    /* the code's style after "mcr-hand" */
  GString *prose;     /* the example's paragraph without the hand and the score */
  GString *score;     /* <span style="mcr-score"> */
  guint    line;
} Example;

typedef struct
{
  GPtrArray *examples;
  GPtrArray *sections;   /* the points of every "fan-N" section, in page order */
  int        points;
  Example   *current;
  GString   *target;     /* where text goes */
  GString   *title;      /* the title being read */
  GString   *para;       /* the paragraph being read */
  GSList    *saved;      /* the targets to return to, one per open element */
} Reader;

static GPtrArray *examples;
static GPtrArray *sections;

static void
example_free (gpointer data)
{
  Example *e = data;

  g_string_free (e->title, TRUE);
  g_string_free (e->fan, TRUE);
  g_string_free (e->hand, TRUE);
  g_free (e->tokens);
  g_string_free (e->prose, TRUE);
  g_string_free (e->score, TRUE);
  g_free (e);
}

static const char *
style_of (const char **names,
          const char **values)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], "style"))
      return values[i];
  return "";
}

static void
on_start (GMarkupParseContext *context,
          const char          *element,
          const char         **names,
          const char         **values,
          gpointer             user_data,
          GError             **error)
{
  Reader *r = user_data;
  const char *style = style_of (names, values);
  GString *next = r->target;

  r->saved = g_slist_prepend (r->saved, r->target);
  if (g_str_equal (element, "section"))
    {
      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "id") && g_str_has_prefix (values[i], "fan-"))
          {
            r->points = atoi (values[i] + 4);
            g_ptr_array_add (r->sections, GINT_TO_POINTER (r->points));
          }
    }
  else if (g_str_equal (element, "title"))
    {
      g_string_truncate (r->title, 0);
      next = r->title;
    }
  else if (g_str_equal (element, "p"))
    {
      g_string_truncate (r->para, 0);
      next = r->para;
    }
  else if (g_str_equal (element, "span") && g_str_equal (style, "mcr-fan"))
    {
      Example *e = g_new0 (Example, 1);
      int line;

      g_markup_parse_context_get_position (context, &line, NULL);
      e->line = (guint) line;
      e->points = r->points;
      e->title = g_string_new (NULL);
      e->fan = g_string_new (NULL);
      e->hand = g_string_new (NULL);
      e->prose = g_string_new (NULL);
      e->score = g_string_new (NULL);
      g_ptr_array_add (r->examples, e);
      r->current = e;
      next = e->fan;
    }
  else if (g_str_equal (element, "code") && g_str_has_prefix (style, "mcr-hand"))
    {
      if (r->current == NULL || r->current->tokens != NULL)
        {
          g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                       "an example hand without a fan name of its own");
          return;
        }
      r->current->tokens = g_strdup (style + strlen ("mcr-hand"));
      next = r->current->hand;
    }
  else if (g_str_equal (element, "span") && g_str_equal (style, "mcr-score"))
    {
      if (r->current == NULL || r->current->tokens == NULL || r->current->score->len > 0)
        {
          g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                       "a score without an example hand of its own");
          return;
        }
      next = r->current->score;
    }
  r->target = next;
}

static void
on_end (GMarkupParseContext *context,
        const char          *element,
        gpointer             user_data,
        GError             **error)
{
  Reader *r = user_data;

  if (g_str_equal (element, "title") && r->current != NULL && r->current->title->len == 0
      && r->current->fan->len > 0)
    g_string_assign (r->current->title, r->title->str);
  else if (g_str_equal (element, "p") && r->current != NULL && r->current->tokens != NULL
           && r->current->prose->len == 0)
    g_string_assign (r->current->prose, r->para->str);
  r->target = r->saved->data;
  r->saved = g_slist_delete_link (r->saved, r->saved);
}

static void
on_text (GMarkupParseContext *context,
         const char          *text,
         gsize                len,
         gpointer             user_data,
         GError             **error)
{
  Reader *r = user_data;

  if (r->target != NULL)
    g_string_append_len (r->target, text, (gssize) len);
}

/* Runs of white space as one space, as a reader sees them. */
static char *
squeeze (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", words[i]);
  return g_string_free (out, FALSE);
}

static void
load_page (void)
{
  static const GMarkupParser parser = { on_start, on_end, on_text, NULL, NULL };
  const char *path = MCR_HELP_PAGE;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  Reader r = { 0 };

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  r.examples = examples = g_ptr_array_new_with_free_func (example_free);
  r.sections = sections = g_ptr_array_new ();
  r.title = g_string_new (NULL);
  r.para = g_string_new (NULL);
  context = g_markup_parse_context_new (&parser, 0, &r, NULL);
  if (!g_markup_parse_context_parse (context, contents, -1, &error)
      || !g_markup_parse_context_end_parse (context, &error))
    g_error ("%s: %s", path, error->message);
  g_string_free (r.title, TRUE);
  g_string_free (r.para, TRUE);
}

/* The situation from the hand's style: "self-drawn", "last-tile", "last-tile-draw",
 * "last-tile-claim", "kong-replacement", "robbing-kong", "prevalent-X", "seat-X",
 * "flowers-N"; by default a discard, East prevalent, South seat, no flowers. */
static void
parse_situation (const char   *tokens,
                 McrSituation *sit)
{
  static const char winds[] = "ESWN";
  static const char *const flags[] = { "last-tile", "last-tile-draw", "last-tile-claim",
                                       "kong-replacement", "robbing-kong" };
  g_auto(GStrv) words = g_strsplit (tokens, " ", -1);
  g_autoptr(GString) how = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gboolean self_drawn = FALSE;

  memset (sit, 0, sizeof *sit);
  sit->seat_wind = 1;
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *w = words[i];
      gboolean known = w[0] == '\0';

      if (g_str_equal (w, "self-drawn"))
        self_drawn = known = TRUE;
      else if (g_str_has_prefix (w, "prevalent-") && strlen (w) == 11 && strchr (winds, w[10]))
        {
          sit->prevalent_wind = (guint8) (strchr (winds, w[10]) - winds);
          known = TRUE;
        }
      else if (g_str_has_prefix (w, "seat-") && strlen (w) == 6 && strchr (winds, w[5]))
        {
          sit->seat_wind = (guint8) (strchr (winds, w[5]) - winds);
          known = TRUE;
        }
      else if (g_str_has_prefix (w, "flowers-") && strlen (w) == 9 && g_ascii_isdigit (w[8]))
        {
          sit->flowers = (guint8) (w[8] - '0');
          known = TRUE;
        }
      for (guint k = 0; k < G_N_ELEMENTS (flags) && !known; k++)
        if (g_str_equal (w, flags[k]))
          {
            g_autofree char *flag = g_strdelimit (g_strdup (w), "-", '_');

            g_string_append_printf (how, ",%s", flag);
            known = TRUE;
          }
      if (!known)
        g_error ("unknown word “%s” in the style of an example hand", w);
    }
  g_string_prepend (how, self_drawn ? "self_drawn" : "discard");
  mcr_flags_parse (how->str, &sit->flags, &error);
  g_assert_no_error (error);
}

/* "Name (points) + Name ×2 (points) = total fan", in table order, as the page writes it. */
static char *
score_text (const McrResult *res)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < MCR_N_FANS; i++)
    if (res->counts[i] > 0)
      {
        if (s->len > 0)
          g_string_append (s, " + ");
        g_string_append (s, mcr_fan_name ((McrFan) i));
        if (res->counts[i] > 1)
          g_string_append_printf (s, " ×%u", res->counts[i]);
        g_string_append_printf (s, " (%d)", mcr_fan_points ((McrFan) i) * res->counts[i]);
      }
  g_string_append_printf (s, " = %d fan", res->total);
  return g_string_free (s, FALSE);
}

/* Every fan once, in the table's order, under a section of its value. */
static void
test_page (void)
{
  static const int values[] = { 88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1 };

  g_assert_cmpuint (sections->len, ==, G_N_ELEMENTS (values));
  for (guint i = 0; i < sections->len; i++)
    g_assert_cmpint (GPOINTER_TO_INT (sections->pdata[i]), ==, values[i]);
  g_assert_cmpuint (examples->len, ==, MCR_N_FANS);
  for (guint i = 0; i < examples->len; i++)
    {
      const Example *e = examples->pdata[i];

      if (!g_str_equal (e->fan->str, mcr_fan_name ((McrFan) i)))
        g_error ("line %u: “%s” where the table has “%s”", e->line, e->fan->str,
                 mcr_fan_name ((McrFan) i));
    }
}

static void
test_example (gconstpointer data)
{
  const Example *e = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = squeeze (e->title->str);
  g_autofree char *prose = squeeze (e->prose->str);
  g_autofree char *score = squeeze (e->score->str);
  g_autofree char *value = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_auto(GStrv) halves = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *concealed = NULL;
  MahjongHand hand;
  McrSituation sit;
  McrResult res;
  int fan = -1;

  g_test_message ("line %u: %s", e->line, e->fan->str);
  for (guint i = 0; i < MCR_N_FANS; i++)
    if (g_str_equal (mcr_fan_name ((McrFan) i), e->fan->str))
      fan = (int) i;
  if (fan < 0)
    g_error ("line %u: “%s” is not a fan", e->line, e->fan->str);
  g_assert_cmpint (e->points, ==, mcr_fan_points ((McrFan) fan));
  value = g_strdup_printf ("· %d fan", e->points);
  g_assert_nonnull (strstr (title, value));
  g_assert_nonnull (e->tokens);

  /* "[EEE] [SSS] [WWW] NNN 9m + 9m": one winning tile after the plus */
  halves = g_strsplit (e->hand->str, " + ", -1);
  g_assert_cmpuint (g_strv_length (halves), ==, 2);
  g_assert_cmpuint (mahjong_tile_from_string (halves[1]), !=, MAHJONG_NO_TILE);
  parts = g_strsplit (halves[0], " ", -1);
  concealed = g_strjoinv ("", parts);
  text = g_strconcat (concealed, halves[1], NULL);
  mahjong_hand_parse (text, &hand, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hand.last_tile, ==, mahjong_tile_from_string (halves[1]));

  parse_situation (e->tokens, &sit);
  mcr_score (&hand, &sit, &res, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (res.counts[fan], >, 0);
  g_assert_cmpint (res.total_without_flowers, >=, 8);
  expected = score_text (&res);
  g_assert_cmpstr (score, ==, expected);

  /* the words say how the hand was won */
  g_assert_cmpint (strstr (prose, "self-drawn") != NULL, ==,
                   (sit.flags & MCR_WIN_SELF_DRAWN) != 0);
  g_assert_cmpint (strstr (prose, "flower") != NULL, ==, sit.flowers > 0);
  if (strstr (e->tokens, "prevalent-") != NULL || strstr (e->tokens, "seat-") != NULL)
    {
      static const char *const names[] = { "East", "South", "West", "North" };
      g_autofree char *prevalent = g_strdup_printf ("prevalent wind is %s",
                                                    names[sit.prevalent_wind]);
      g_autofree char *seat = g_strdup_printf ("seat wind is %s", names[sit.seat_wind]);

      g_assert_nonnull (strstr (prose, prevalent));
      g_assert_nonnull (strstr (prose, seat));
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  load_page ();
  g_test_add_func ("/mcr-help/page", test_page);
  for (guint i = 0; i < examples->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/mcr-help/example/%02u", i + 1);

      g_test_add_data_func (path, examples->pdata[i], test_example);
    }
  status = g_test_run ();
  g_ptr_array_unref (examples);
  g_ptr_array_unref (sections);
  return status;
}
