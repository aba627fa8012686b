/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "jihai-screen.h"
#include "mahjong-claim-bar.h"
#include "mahjong-hand-view.h"
#include "mahjong-screen.h"
#include "mahjong-melds-view.h"
#include "mahjong-river-view.h"
#include "mahjong-table-state.h"
#include "mahjong-table-view.h"
#include "mahjong-tile-paint.h"
#include "mcr-screen.h"
#include "suzume-screen.h"
#include "ui-test-util.h"

#define RED(t) ((t) | MAHJONG_TILE_RED)

/* ---- a gallery of every tile, for the painter's tests and screenshots ---- */

#define TEST_TYPE_TILE_GALLERY (test_tile_gallery_get_type ())
G_DECLARE_FINAL_TYPE (TestTileGallery, test_tile_gallery, TEST, TILE_GALLERY, GtkWidget)

struct _TestTileGallery
{
  GtkWidget parent_instance;
  double    tile_h;
};

G_DEFINE_FINAL_TYPE (TestTileGallery, test_tile_gallery, GTK_TYPE_WIDGET)

/* Every face: 42 kinds, the red copies of bamboo, a back; then the states. */
#define N_GALLERY (MAHJONG_N_ALL_KINDS + 9 + 1 + 4)

static void
gallery_tile (guint                  i,
              guint                 *tile,
              MahjongTilePaintFlags *flags)
{
  static const MahjongTilePaintFlags states[] = {
    MAHJONG_TILE_PAINT_SELECTED, MAHJONG_TILE_PAINT_HIGHLIGHT, MAHJONG_TILE_PAINT_DIMMED,
    MAHJONG_TILE_PAINT_FOCUS,
  };

  *flags = 0;
  if (i < MAHJONG_N_ALL_KINDS)
    *tile = i;
  else if (i < MAHJONG_N_ALL_KINDS + 9)
    *tile = RED (18 + i - MAHJONG_N_ALL_KINDS);
  else if (i == MAHJONG_N_ALL_KINDS + 9)
    *tile = MAHJONG_NO_TILE;
  else
    {
      *tile = 22;
      *flags = states[i - MAHJONG_N_ALL_KINDS - 10];
    }
}

static void
test_tile_gallery_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  TestTileGallery *self = TEST_TILE_GALLERY (widget);
  double h = self->tile_h, w = h * MAHJONG_TILE_ASPECT, pad = MAX (6, h * 0.15);

  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.5, 0.5, 0.5, 0.15 },
                             &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                  gtk_widget_get_height (widget)));
  for (guint i = 0; i < N_GALLERY; i++)
    {
      guint tile;
      MahjongTilePaintFlags flags;

      gallery_tile (i, &tile, &flags);
      mahjong_tile_paint (snapshot, widget,
                          &GRAPHENE_RECT_INIT (pad + (i % 9) * (w + pad), pad + (i / 9) * (h + pad), w, h),
                          tile, flags);
    }
}

static void
test_tile_gallery_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  TestTileGallery *self = TEST_TILE_GALLERY (widget);
  double h = self->tile_h, w = h * MAHJONG_TILE_ASPECT, pad = MAX (6, h * 0.15);
  guint rows = (N_GALLERY + 8) / 9;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = (int) (pad + 9 * (w + pad));
  else
    *minimum = *natural = (int) (pad + rows * (h + pad));
}

static void
test_tile_gallery_class_init (TestTileGalleryClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = test_tile_gallery_snapshot;
  GTK_WIDGET_CLASS (klass)->measure = test_tile_gallery_measure;
}

static void
test_tile_gallery_init (TestTileGallery *self)
{
  self->tile_h = 64;
}

/* ---- helpers ---- */

static GtkWindow *
show_in_window (GtkWidget *widget,
                int        width,
                int        height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_widget_add_css_class (frame, "background");
  gtk_widget_set_margin_start (widget, 12);
  gtk_widget_set_margin_end (widget, 12);
  gtk_widget_set_margin_top (widget, 12);
  gtk_widget_set_margin_bottom (widget, 12);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_box_append (GTK_BOX (frame), widget);
  gtk_window_set_child (window, frame);
  gtk_window_set_default_size (window, width, height);
  gtk_window_present (window);
  return window;
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

static void
set_dark (gboolean dark)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                           : ADW_COLOR_SCHEME_FORCE_LIGHT);
}

/* Screenshots of @widget on its window's background in light and dark style,
 * NAME-light.png and NAME-dark.png. */
static void
screenshot_both (GtkWidget  *widget,
                 const char *name)
{
  GtkWidget *frame = gtk_widget_get_parent (widget);

  g_autofree char *light = g_strdup_printf ("%s-light", name);
  g_autofree char *dark = g_strdup_printf ("%s-dark", name);

  ui_test_wait_for (is_mapped, widget);
  set_dark (FALSE);
  ui_test_screenshot_after (frame, light, 150);
  set_dark (TRUE);
  ui_test_screenshot_after (frame, dark, 150);
  set_dark (FALSE);
}

/* ---- the painter ---- */

static GBytes *
render_tile (GskRenderer *renderer,
             GtkWidget   *widget,
             guint        tile,
             double       h)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  double w = h * MAHJONG_TILE_ASPECT;
  int tw = (int) ceil (w) + 4, th = (int) ceil (h) + 4;
  guchar *data = g_malloc ((gsize) tw * th * 4);

  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 1 }, &GRAPHENE_RECT_INIT (0, 0, tw, th));
  mahjong_tile_paint (snapshot, widget, &GRAPHENE_RECT_INIT (2, 2, w, h), tile, 0);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, tw, th));
  gdk_texture_download (texture, data, (gsize) tw * 4);
  return g_bytes_new_take (data, (gsize) tw * th * 4);
}

/* Every face at every size draws without a warning (G_DEBUG=fatal-warnings),
 * and at 32 px and up no two faces look the same. */
static void
test_paint_every_tile (void)
{
  GtkWidget *widget = g_object_ref_sink (gtk_label_new (NULL));
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  static const double sizes[] = { 16, 20, 24, 32, 48, 64, 96, 128 };

  g_assert_true (gsk_renderer_realize (renderer, NULL, NULL));
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      GBytes *images[N_GALLERY];

      for (guint i = 0; i < N_GALLERY; i++)
        {
          guint tile;
          MahjongTilePaintFlags flags;

          gallery_tile (i, &tile, &flags);
          images[i] = render_tile (renderer, widget, tile, sizes[s]);
        }
      /* Faces, red copies and the back (the states' tile repeats a face). */
      for (guint i = 0; i < MAHJONG_N_ALL_KINDS + 10 && sizes[s] >= 32; i++)
        for (guint j = i + 1; j < MAHJONG_N_ALL_KINDS + 10; j++)
          if (g_bytes_equal (images[i], images[j]))
            g_error ("tiles %u and %u look the same at %g px", i, j, sizes[s]);
      for (guint i = 0; i < N_GALLERY; i++)
        g_bytes_unref (images[i]);
    }
  gsk_renderer_unrealize (renderer);
  g_assert_finalize_object (widget);
}

/* Pixels whose grey level differs by more than a third in the tile's top
 * right corner, where a red copy has its mark. */
static guint
corner_grey_difference (GBytes *a,
                        GBytes *b,
                        int     width,
                        int     height)
{
  const guchar *pa = g_bytes_get_data (a, NULL), *pb = g_bytes_get_data (b, NULL);
  guint n = 0;

  for (int y = 0; y < height * 0.18; y++)
    for (int x = (int) (width * 0.7); x < width; x++)
      {
        const guchar *p = pa + (y * width + x) * 4, *q = pb + (y * width + x) * 4;
        int ga = (p[0] * 11 + p[1] * 59 + p[2] * 30) / 100, gb = (q[0] * 11 + q[1] * 59 + q[2] * 30) / 100;

        n += ABS (ga - gb) > 85;
      }
  return n;
}

/* Not colour alone: a red copy differs from the plain tile in grey levels,
 * by its corner mark. */
static void
test_paint_red_mark (void)
{
  GtkWidget *widget = g_object_ref_sink (gtk_label_new (NULL));
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  int w = (int) ceil (64 * MAHJONG_TILE_ASPECT) + 4, h = 64 + 4;

  g_assert_true (gsk_renderer_realize (renderer, NULL, NULL));
  for (guint kind = 18; kind < 27; kind++)
    {
      g_autoptr(GBytes) plain = render_tile (renderer, widget, kind, 64);
      g_autoptr(GBytes) red = render_tile (renderer, widget, RED (kind), 64);
      g_autoptr(GBytes) again = render_tile (renderer, widget, kind, 64);

      g_assert_cmpuint (corner_grey_difference (plain, red, w, h), >=, 12);
      g_assert_cmpuint (corner_grey_difference (plain, again, w, h), ==, 0);
    }
  gsk_renderer_unrealize (renderer);
  g_assert_finalize_object (widget);
}

static void
test_accessible_names (void)
{
  static const struct { guint tile; const char *name; const char *index; } cases[] = {
    { MAHJONG_TILE_EAST, "East wind", "E" },
    { MAHJONG_TILE_NORTH, "North wind", "N" },
    { MAHJONG_TILE_WHITE, "White dragon", "Wh" },
    { MAHJONG_TILE_GREEN, "Green dragon", "G" },
    { MAHJONG_TILE_RED_DRAGON, "Red dragon", "R" },
    { 20, "3 of bamboo", "3" },            /* 18 + 2 */
    { RED (20), "red 3 of bamboo", "3" },
    { 6, "7 of characters", "7" },
    { 13, "5 of dots", "5" },              /* 9 + 4 */
    { 35, "Flower 2", "2" },
    { 41, "Flower 8", "8" },
    { MAHJONG_NO_TILE, "Hidden tile", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = mahjong_tile_name (cases[i].tile);

      g_assert_cmpstr (name, ==, cases[i].name);
      g_assert_cmpstr (mahjong_tile_index_text (cases[i].tile), ==, cases[i].index);
    }
}

static void
test_gallery_screenshots (void)
{
  static const double sizes[] = { 36, 72 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      TestTileGallery *gallery = g_object_ref_sink (g_object_new (TEST_TYPE_TILE_GALLERY, NULL));
      g_autofree char *name = g_strdup_printf ("mahjong-tiles-%d", (int) sizes[s]);
      GtkWindow *window;

      gallery->tile_h = sizes[s];
      window = show_in_window (GTK_WIDGET (gallery), -1, -1);
      screenshot_both (GTK_WIDGET (gallery), name);
      gtk_window_destroy (window);
      g_assert_finalize_object (gallery);
    }
}

/* ---- the hand ---- */

typedef struct
{
  int   index;
  guint tile;
  int   count;
} Activated;

static void
on_tile_activated (MahjongHandView *hand,
                   int              index,
                   guint            tile,
                   Activated       *got)
{
  got->index = index;
  got->tile = tile;
  got->count++;
}

static void
test_hand (void)
{
  /* E, 3s, 1m, red 3s, C, 9p; drawn 5p. Sorted by hand: 1m 9p 3s 3s-red E C, then 5p. */
  static const MahjongTile tiles[] = { 27, 20, 0, RED (20), 33, 17 };
  static const guint sorted[] = { 0, 17, 20, RED (20), 27, 33, 13 };
  MahjongHandView *hand = g_object_ref_sink (MAHJONG_HAND_VIEW (mahjong_hand_view_new ()));
  Activated got = { -1, 0, 0 };
  GtkWindow *window;
  g_autofree char *label = NULL;
  g_autofree char *drawn = NULL;
  g_autofree char *red = NULL;

  g_signal_connect (hand, "tile-activated", G_CALLBACK (on_tile_activated), &got);
  mahjong_hand_view_set_tiles (hand, tiles, G_N_ELEMENTS (tiles), 13);
  g_assert_cmpuint (mahjong_hand_view_get_n_tiles (hand), ==, 7);
  g_assert_true (mahjong_hand_view_get_has_drawn (hand));
  for (guint i = 0; i < 7; i++)
    g_assert_cmpuint (mahjong_hand_view_get_tile (hand, i), ==, sorted[i]);
  /* A fresh drawn tile is selected, ready to discard. */
  g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, 6);

  drawn = mahjong_hand_view_describe_tile (hand, 6);
  g_assert_cmpstr (drawn, ==, "5 of dots, tile 7 of 7, drawn tile");
  red = mahjong_hand_view_describe_tile (hand, 3);
  g_assert_cmpstr (red, ==, "red 3 of bamboo, tile 4 of 7");
  label = mahjong_hand_view_describe (hand);
  g_assert_cmpstr (label, ==, "Your hand, 7 tiles: 1 of characters, 9 of dots, 3 of bamboo, "
                              "red 3 of bamboo, East wind, Red dragon; drawn: 5 of dots");

  window = show_in_window (GTK_WIDGET (hand), 700, 140);
  ui_test_wait_for (is_mapped, hand);

  /* Keyboard: the arrows move the selection and the focus with it. */
  gtk_widget_grab_focus (mahjong_hand_view_get_tile_widget (hand, 6));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.move", "i", -1));
  g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, 5);
  g_assert_true (gtk_widget_has_focus (mahjong_hand_view_get_tile_widget (hand, 5)));
  g_assert_false (gtk_widget_get_focusable (mahjong_hand_view_get_tile_widget (hand, 6)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.move", "i", -MAHJONG_HAND_MAX));
  g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.move", "i", -1));
  g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.move", "i", 3));
  g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, 3);

  /* Enter plays only while interactive. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.activate", NULL));
  g_assert_cmpint (got.count, ==, 0);
  mahjong_hand_view_set_interactive (hand, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.activate", NULL));
  g_assert_cmpint (got.count, ==, 1);
  g_assert_cmpint (got.index, ==, 3);
  g_assert_cmpuint (got.tile, ==, RED (20));

  /* End goes to the drawn tile. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (hand), "hand.move", "i", MAHJONG_HAND_MAX));
  g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, 6);
  g_assert_true (gtk_widget_has_focus (mahjong_hand_view_get_tile_widget (hand, 6)));

  screenshot_both (GTK_WIDGET (hand), "mahjong-hand-700");
  gtk_window_set_default_size (window, 420, 90);
  ui_test_iterate (100);
  screenshot_both (GTK_WIDGET (hand), "mahjong-hand-420");

  /* After a discard: no drawn tile, the selection stays in range. */
  mahjong_hand_view_set_tiles (hand, tiles, 4, MAHJONG_NO_TILE);
  g_assert_false (mahjong_hand_view_get_has_drawn (hand));
  g_assert_cmpint (mahjong_hand_view_get_selected (hand), ==, 3);
  /* The focused drawn tile went away: the keyboard stays on the hand. */
  g_assert_true (gtk_widget_has_focus (mahjong_hand_view_get_tile_widget (hand, 3)));

  /* Another seat's hand: backs. */
  mahjong_hand_view_set_owner (hand, "Alice");
  mahjong_hand_view_set_hidden (hand, 4, TRUE);
  g_clear_pointer (&label, g_free);
  label = mahjong_hand_view_describe (hand);
  g_assert_cmpstr (label, ==, "Alice’s hand, 5 tiles: Hidden tile, Hidden tile, Hidden tile, "
                              "Hidden tile; drawn: Hidden tile");

  gtk_window_destroy (window);
  g_assert_finalize_object (hand);
}

/* A full 14-tile hand of the Chinese Official game, for the screenshots. */
static void
test_hand_full (void)
{
  static const MahjongTile tiles[] = { 0, 1, 2, 12, 13, 14, 18, 18, 26, 27, 27, 31, 32 };
  MahjongHandView *hand = g_object_ref_sink (MAHJONG_HAND_VIEW (mahjong_hand_view_new ()));
  GtkWindow *window;

  mahjong_hand_view_set_tiles (hand, tiles, G_N_ELEMENTS (tiles), 33);
  mahjong_hand_view_set_interactive (hand, TRUE);
  mahjong_hand_view_select (hand, 4);
  window = show_in_window (GTK_WIDGET (hand), 900, 120);
  screenshot_both (GTK_WIDGET (hand), "mahjong-hand-full");
  gtk_window_destroy (window);
  g_assert_finalize_object (hand);
}

/* ---- the river ---- */

static void
test_river (void)
{
  static const MahjongTile tiles[] = { 27, 20, 33, 0, RED (22), 13, 31, 28, 35, 24 };
  static const gboolean claimed[] = { FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE };
  MahjongRiverView *river = g_object_ref_sink (MAHJONG_RIVER_VIEW (mahjong_river_view_new ()));
  g_autofree char *text = NULL;
  g_autofree char *label = NULL;
  GtkWindow *window;

  mahjong_river_view_set_discards (river, tiles, claimed, 3);
  text = mahjong_river_view_describe (river);
  g_assert_cmpstr (text, ==, "1. East wind; 2. 3 of bamboo, claimed; 3. Red dragon, last discard");
  mahjong_river_view_set_highlight_last (river, FALSE);
  g_clear_pointer (&text, g_free);
  text = mahjong_river_view_describe (river);
  g_assert_cmpstr (text, ==, "1. East wind; 2. 3 of bamboo, claimed; 3. Red dragon");
  label = mahjong_river_view_get_label (river);
  g_assert_cmpstr (label, ==, "Your discards");
  mahjong_river_view_set_owner (river, "Bob");
  g_clear_pointer (&label, g_free);
  label = mahjong_river_view_get_label (river);
  g_assert_cmpstr (label, ==, "Bob’s discards");

  mahjong_river_view_set_highlight_last (river, TRUE);
  mahjong_river_view_set_discards (river, tiles, claimed, G_N_ELEMENTS (tiles));
  g_assert_cmpuint (mahjong_river_view_get_n_discards (river), ==, 10);
  window = show_in_window (GTK_WIDGET (river), 300, 200);
  screenshot_both (GTK_WIDGET (river), "mahjong-river-300");
  gtk_window_set_default_size (window, 180, 130);
  ui_test_iterate (100);
  screenshot_both (GTK_WIDGET (river), "mahjong-river-180");
  gtk_window_destroy (window);
  g_assert_finalize_object (river);
}

/* ---- the melds ---- */

static void
test_melds (void)
{
  static const MahjongMeld two[] = {
    { MAHJONG_MELD_PUNG, MAHJONG_TILE_EAST, MAHJONG_MELD_CLAIMED, 2, MAHJONG_TILE_EAST },
    { MAHJONG_MELD_KONG, MAHJONG_TILE_RED_DRAGON, MAHJONG_MELD_CONCEALED, 0, MAHJONG_NO_TILE },
    { MAHJONG_MELD_KONG, MAHJONG_TILE_WEST, MAHJONG_MELD_ADDED, 2, MAHJONG_TILE_WEST },
  };
  static const MahjongMeld four[] = {
    { MAHJONG_MELD_CHOW, 11, MAHJONG_MELD_CLAIMED, 1, 12 },   /* 3-4-5p, 4p claimed */
    { MAHJONG_MELD_KONG, 26, MAHJONG_MELD_CLAIMED, 3, 26 },   /* 9s from the right */
    { MAHJONG_MELD_PUNG, 4, MAHJONG_MELD_CLAIMED, 2, 4 },     /* 5m from opposite */
    { MAHJONG_MELD_KONG, MAHJONG_NO_TILE, MAHJONG_MELD_CONCEALED, 0, MAHJONG_NO_TILE },
  };
  static const MahjongTile flowers[] = { 35, 39 };
  MahjongMeldsView *melds = g_object_ref_sink (MAHJONG_MELDS_VIEW (mahjong_melds_view_new ()));
  g_autofree char *text = NULL;
  GtkWindow *window;

  mahjong_melds_view_set_n_seats (melds, 2);
  mahjong_melds_view_set_melds (melds, two, G_N_ELEMENTS (two), NULL, 0);
  text = mahjong_melds_view_describe (melds);
  g_assert_cmpstr (text, ==, "Pung of East wind, taken from the opponent; "
                             "Concealed kong of Red dragon; "
                             "Added kong of West wind, taken from the opponent");
  window = show_in_window (GTK_WIDGET (melds), 520, 90);
  screenshot_both (GTK_WIDGET (melds), "mahjong-melds-2-seats");

  mahjong_melds_view_set_n_seats (melds, 4);
  mahjong_melds_view_set_melds (melds, four, G_N_ELEMENTS (four), flowers, G_N_ELEMENTS (flowers));
  g_clear_pointer (&text, g_free);
  text = mahjong_melds_view_describe (melds);
  g_assert_cmpstr (text, ==, "Chow 3-4-5 of dots, 4 of dots taken from the player on the left; "
                             "Kong of 9 of bamboo, taken from the player on the right; "
                             "Pung of 5 of characters, taken from the player opposite; "
                             "Concealed kong, hidden; Flowers: Flower 2, Flower 6");
  gtk_window_set_default_size (window, 760, 80);
  ui_test_iterate (100);
  screenshot_both (GTK_WIDGET (melds), "mahjong-melds-4-seats");
  gtk_window_destroy (window);
  g_assert_finalize_object (melds);
}

/* ---- the claim bar ---- */

static void
on_claim (MahjongClaimBar *bar,
          const char      *action,
          char           **got)
{
  g_free (*got);
  *got = g_strdup (action);
}

static void
test_claim_bar (void)
{
  static const MahjongClaim claims[] = {
    { "chow tile=3p", "_Chow 3-4-5" },
    { "chow tile=4p", "C_how 4-5-6" },
    { "pung", "P_ung" },
    { "ron", "_Ron" },
  };
  static const MahjongClaim turn[] = { { "tsumo", "_Tsumo" }, { "ckong tile=E", "_Kong" } };
  MahjongClaimBar *bar = g_object_ref_sink (MAHJONG_CLAIM_BAR (mahjong_claim_bar_new ()));
  g_autofree char *got = NULL;
  GtkWindow *window;
  int seconds;

  g_signal_connect (bar, "claim", G_CALLBACK (on_claim), &got);
  window = show_in_window (GTK_WIDGET (bar), 520, -1);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));

  mahjong_claim_bar_set_claims (bar, claims, G_N_ELEMENTS (claims), TRUE,
                                g_get_monotonic_time () + 8 * G_USEC_PER_SEC);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_cmpuint (mahjong_claim_bar_get_n_claims (bar), ==, 5);
  g_assert_cmpstr (mahjong_claim_bar_get_action (bar, 0), ==, "chow tile=3p");
  g_assert_cmpstr (mahjong_claim_bar_get_action (bar, 3), ==, "ron");
  g_assert_cmpstr (mahjong_claim_bar_get_action (bar, 4), ==, "pass");
  seconds = mahjong_claim_bar_get_seconds_left (bar);
  g_assert_cmpint (seconds, >=, 1);
  g_assert_cmpint (seconds, <=, 8);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (mahjong_claim_bar_get_button (bar, 2))), ==, "P_ung");
  g_assert_true (gtk_button_get_use_underline (GTK_BUTTON (mahjong_claim_bar_get_button (bar, 2))));

  g_signal_emit_by_name (mahjong_claim_bar_get_button (bar, 1), "clicked");
  g_assert_cmpstr (got, ==, "chow tile=4p");
  g_signal_emit_by_name (mahjong_claim_bar_get_button (bar, 4), "clicked");
  g_assert_cmpstr (got, ==, "pass");
  g_clear_pointer (&got, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bar), "claims.pass", NULL));
  g_assert_cmpstr (got, ==, "pass");
  screenshot_both (GTK_WIDGET (bar), "mahjong-claim-bar");

  /* A turn: only the given choices, no Pass, no countdown. */
  mahjong_claim_bar_set_claims (bar, turn, G_N_ELEMENTS (turn), FALSE, 0);
  g_assert_cmpuint (mahjong_claim_bar_get_n_claims (bar), ==, 2);
  g_assert_cmpint (mahjong_claim_bar_get_seconds_left (bar), ==, -1);
  /* No Pass on a turn: Escape does nothing. */
  g_clear_pointer (&got, g_free);
  gtk_widget_activate_action (GTK_WIDGET (bar), "claims.pass", NULL);
  g_assert_null (got);
  g_signal_emit_by_name (mahjong_claim_bar_get_button (bar, 0), "clicked");
  g_assert_cmpstr (got, ==, "tsumo");

  /* The same offer again (the table refreshed) keeps its buttons, so the
   * focus and what a screen reader holds stay; another offer is new. */
  {
    GtkWidget *kong = mahjong_claim_bar_get_button (bar, 1);

    gtk_widget_grab_focus (kong);
    mahjong_claim_bar_set_claims (bar, turn, G_N_ELEMENTS (turn), FALSE, 0);
    g_assert_true (mahjong_claim_bar_get_button (bar, 1) == kong);
    g_assert_true (gtk_widget_has_focus (kong));
    /* On a turn, the focused call gone, the bar does not keep the focus:
     * the screen gives it to the hand. */
    mahjong_claim_bar_set_claims (bar, turn, 1, FALSE, 0);
    g_assert_cmpuint (mahjong_claim_bar_get_n_claims (bar), ==, 1);
    g_assert_false (gtk_widget_has_focus (mahjong_claim_bar_get_button (bar, 0)));
  }

  /* A claim window where only Pass is legal. */
  mahjong_claim_bar_set_claims (bar, NULL, 0, TRUE, g_get_monotonic_time () + G_USEC_PER_SEC);
  g_assert_cmpuint (mahjong_claim_bar_get_n_claims (bar), ==, 1);
  g_assert_cmpstr (mahjong_claim_bar_get_action (bar, 0), ==, "pass");

  mahjong_claim_bar_clear (bar);
  g_assert_cmpuint (mahjong_claim_bar_get_n_claims (bar), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));

  gtk_window_destroy (window);
  g_assert_finalize_object (bar);
}

/* A claim window's countdown changes once a second: the window is not drawn
 * again at every frame while the player thinks. */
static void
count_frame (GdkFrameClock *clock,
             guint         *frames)
{
  (*frames)++;
}

static void
test_claim_bar_idle (void)
{
  MahjongClaimBar *bar = g_object_ref_sink (MAHJONG_CLAIM_BAR (mahjong_claim_bar_new ()));
  GtkWindow *window = show_in_window (GTK_WIDGET (bar), 400, 120);
  GdkFrameClock *clock;
  guint frames = 0;
  gulong id;

  mahjong_claim_bar_set_claims (bar, NULL, 0, TRUE, g_get_monotonic_time () + 30 * G_USEC_PER_SEC);
  ui_test_wait_for (is_mapped, bar);
  ui_test_iterate (500);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &frames);
  ui_test_iterate (3000);
  g_signal_handler_disconnect (clock, id);
  g_test_message ("%u frames in 3 s of a claim window", frames);
  /* One a second, and one more for a tick that falls on the edge. */
  g_assert_cmpuint (frames, <=, 5);
  g_assert_cmpint (mahjong_claim_bar_get_seconds_left (bar), <=, 27);

  mahjong_claim_bar_clear (bar);
  gtk_window_destroy (window);
  g_assert_finalize_object (bar);
}

/* ---- the table ---- */

static void
fill_table (MahjongTableView *table)
{
  static const char * const names[] = { NULL, "Alice", "Bob", "Carol", "Dave" };
  static const char * const winds[] = { "East", "South", "West", "North", NULL };
  static const MahjongTile hand[] = { 0, 1, 2, 12, 13, 14, 18, 18, 26, 27 };
  static const MahjongTile river[] = { 30, 8, 24, RED (22), 33, 15, 3, 0, 29 };
  static const MahjongMeld pung = { MAHJONG_MELD_PUNG, MAHJONG_TILE_GREEN, MAHJONG_MELD_CLAIMED, 1,
                                    MAHJONG_TILE_GREEN };
  guint n = mahjong_table_view_get_n_seats (table);

  g_assert_cmpuint (4 + n - 1, <=, G_N_ELEMENTS (river));
  for (guint seat = 0; seat < n; seat++)
    {
      mahjong_table_view_set_seat_info (table, seat, names[seat], n == 4 ? winds[seat] : NULL,
                                        25 - (int) seat * 3, seat == 1);
      mahjong_river_view_set_discards (mahjong_table_view_get_river (table, seat), river, NULL,
                                       4 + seat);
      mahjong_river_view_set_highlight_last (mahjong_table_view_get_river (table, seat), seat == 1);
      if (seat == 0)
        mahjong_hand_view_set_tiles (mahjong_table_view_get_hand (table, 0), hand,
                                     G_N_ELEMENTS (hand), 31);
      else
        mahjong_hand_view_set_hidden (mahjong_table_view_get_hand (table, seat), 10, seat == 1);
      if (seat == 2)
        mahjong_melds_view_set_melds (mahjong_table_view_get_melds (table, seat), &pung, 1, NULL, 0);
    }
}

static graphene_point_t
centre_of (GtkWidget *widget,
           GtkWidget *table)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, table, &bounds));
  return GRAPHENE_POINT_INIT (bounds.origin.x + bounds.size.width / 2,
                              bounds.origin.y + bounds.size.height / 2);
}

static void
test_table (void)
{
  for (guint n = 2; n <= MAHJONG_TABLE_SEATS_MAX; n++)
    {
      MahjongTableView *table = g_object_ref_sink (MAHJONG_TABLE_VIEW (mahjong_table_view_new (n)));
      GtkWidget *claims = mahjong_claim_bar_new ();
      static const MahjongClaim pung[] = { { "pung", "_Pung" } };
      GtkWindow *window;
      graphene_point_t self_at, at;
      double mid_x;

      g_assert_cmpuint (mahjong_table_view_get_n_seats (table), ==, n);
      fill_table (table);
      mahjong_claim_bar_set_claims (MAHJONG_CLAIM_BAR (claims), pung, 1, TRUE, 0);
      mahjong_table_view_set_center (table, claims);
      g_assert_cmpstr (mahjong_table_view_get_seat_heading (table, 1), ==,
                       n == 4 ? "▶ Alice · South · 22 points (to play)" : "▶ Alice · 22 points (to play)");

      window = show_in_window (GTK_WIDGET (table), 1100, 820);
      ui_test_wait_for (is_mapped, table);
      ui_test_iterate (50);
      /* The viewer at the bottom, the next seat on the right, the last on the left. */
      mid_x = gtk_widget_get_width (GTK_WIDGET (table)) / 2.0;
      self_at = centre_of (GTK_WIDGET (mahjong_table_view_get_river (table, 0)), GTK_WIDGET (table));
      for (guint seat = 1; seat < n; seat++)
        {
          at = centre_of (GTK_WIDGET (mahjong_table_view_get_river (table, seat)), GTK_WIDGET (table));
          g_assert_cmpfloat (at.y, <, self_at.y);
        }
      if (n == 2)
        g_assert_cmpfloat (fabs (at.x - mid_x), <, 60);
      else
        {
          at = centre_of (GTK_WIDGET (mahjong_table_view_get_river (table, 1)), GTK_WIDGET (table));
          g_assert_cmpfloat (at.x, >, mid_x + 100);
          at = centre_of (GTK_WIDGET (mahjong_table_view_get_river (table, n - 1)), GTK_WIDGET (table));
          g_assert_cmpfloat (at.x, <, mid_x - 100);
        }
      if (n >= 4)
        {
          graphene_point_t right = centre_of (GTK_WIDGET (mahjong_table_view_get_river (table, 1)),
                                              GTK_WIDGET (table));

          at = centre_of (GTK_WIDGET (mahjong_table_view_get_river (table, 2)), GTK_WIDGET (table));
          g_assert_cmpfloat (at.y, <, right.y);
        }
      if (n == 4 || n == 5)
        {
          g_autofree char *name = g_strdup_printf ("mahjong-table-%u", n);

          screenshot_both (GTK_WIDGET (table), name);
        }
      gtk_window_destroy (window);
      g_assert_finalize_object (table);
    }
}

static GtkWidget *
find_status (GtkWidget *widget)
{
  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_STATUS)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_status (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* An event as the player in seat 0 sees it. */
static void
announce (MahjongTableView *table,
          const char       *event,
          const char       *words)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (event, NULL);

  g_assert_nonnull (line);
  mahjong_table_view_announce_event (table, line, 0, words);
}

/* Moves reach screen readers through one status line; the others' draws do not. */
static void
test_table_announce (void)
{
  MahjongTableView *table = g_object_ref_sink (MAHJONG_TABLE_VIEW (mahjong_table_view_new (4)));
  GtkWidget *status = find_status (GTK_WIDGET (table));

  g_assert_nonnull (status);
  g_assert_true (GTK_IS_LABEL (status));
  announce (table, "discard seat=1 tile=E", "Alice discards East wind");
  g_assert_cmpstr (mahjong_table_view_get_news (table), ==, "Alice discards East wind");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (status)), ==, "Alice discards East wind");
  announce (table, "draw seat=2 wall=70", "Bob draws a tile");
  announce (table, "deal seat=2 count=13", "Bob is dealt their tiles");
  announce (table, "answered seat=0", "You have answered");
  g_assert_cmpstr (mahjong_table_view_get_news (table), ==, "Alice discards East wind");
  announce (table, "draw seat=0 tile=5p wall=69", "You draw 5 of dots");
  g_assert_cmpstr (mahjong_table_view_get_news (table), ==, "You draw 5 of dots");
  g_assert_finalize_object (table);
}

/* The drawn tile is set apart once, the rest kept in order; the legal
 * actions are kept as given, none too long or past the room. */
static void
test_table_state (void)
{
  MahjongTableState state;
  MahjongSeatState *seat;
  const MahjongTile held[] = { 3, 5, 5, 9, 5 };
  const MahjongTile kept[] = { 3, 5, 9, 5 };
  const MahjongTile plain[] = { 1, 2 };

  mahjong_table_state_init (&state, 4, 2);
  g_assert_cmpint (state.turn, ==, -1);
  g_assert_cmpint (state.claim_from, ==, -1);
  g_assert_cmpuint (state.claim_tile, ==, MAHJONG_NO_TILE);
  seat = &state.seats[2];
  mahjong_seat_state_hold (seat, held, G_N_ELEMENTS (held), 5);
  g_assert_true (seat->has_drawn);
  g_assert_cmpuint (seat->drawn, ==, 5);
  g_assert_cmpmem (seat->tiles, seat->n_tiles * sizeof (MahjongTile), kept, sizeof kept);
  mahjong_seat_state_hold (seat, plain, G_N_ELEMENTS (plain), MAHJONG_NO_TILE);
  g_assert_false (seat->has_drawn);
  g_assert_cmpmem (seat->tiles, seat->n_tiles * sizeof (MahjongTile), plain, sizeof plain);

  mahjong_table_state_add_action (&state, "ron");
  mahjong_table_state_add_action (&state, "a kong of the east wind far too long");
  g_assert_true (mahjong_table_state_can (&state, "ron"));
  g_assert_false (mahjong_table_state_can (&state, "pung"));
  g_assert_cmpuint (state.n_actions, ==, 1);
  for (guint i = 0; i < MAHJONG_ACTIONS_MAX + 2; i++)
    mahjong_table_state_add_action (&state, "pass");
  g_assert_cmpuint (state.n_actions, ==, MAHJONG_ACTIONS_MAX);
}

/* The key Alt presses with @label: the letter after its underline. */
static gunichar
mnemonic_of (const char *label)
{
  const char *u = strchr (label, '_');

  g_assert_nonnull (u);
  return g_unichar_tolower (g_utf8_get_char (u + 1));
}

static char *
label_of (GType       type,
          const char *action)
{
  g_autoptr(GtkWidget) screen = g_object_ref_sink (g_object_new (type, NULL));
  MahjongTableState state = { 0 };
  char *label;

  state.window = TRUE;
  label = MAHJONG_SCREEN_GET_CLASS (screen)->claim_label (MAHJONG_SCREEN (screen), action, &state);
  g_assert_nonnull (label);
  return label;
}

/* Each call one key, the same move the same key in every game, and the
 * Shortcuts window says which. */
static void
test_claim_keys (void)
{
  static const struct { const char *game, *action; gunichar key; } keys[] = {
    { "suzume", "ron", 'r' }, { "suzume", "tsumo", 't' },
    { "jihai", "ron", 'r' }, { "jihai", "tsumo", 't' }, { "jihai", "pung", 'p' },
    { "jihai", "kong", 'k' }, { "jihai", "pass", 's' }, { "jihai", "ckong E", 'k' },
    { "mcr", "hu", 'h' }, { "mcr", "pung", 'p' }, { "mcr", "kong", 'k' },
    { "mcr", "chow tile=3p", '3' }, { "mcr", "chow tile=4p", '4' }, { "mcr", "chow tile=5p", '5' },
    { "mcr", "chow tile=1s", '1' }, { "mcr", "chow tile=7m", '7' },
  };
  /* The most an offer holds at once: Hu, Pung, Kong, three chows, Pass. */
  static const char * const window[] = { "hu", "pung", "kong", "chow tile=3p", "chow tile=4p", "chow tile=5p" };
  static const MahjongClaim pung[] = { { "pung", "_Pung" } };
  MahjongClaimBar *bar = g_object_ref_sink (MAHJONG_CLAIM_BAR (mahjong_claim_bar_new ()));
  g_autoptr(GBytes) overlay = NULL;
  const char *ui;
  GString *seen = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GType type = g_str_equal (keys[i].game, "suzume") ? SUZUME_TYPE_SCREEN
                   : g_str_equal (keys[i].game, "jihai") ? JIHAI_TYPE_SCREEN : MCR_TYPE_SCREEN;
      g_autofree char *label = label_of (type, keys[i].action);

      g_test_message ("%s %s: %s", keys[i].game, keys[i].action, label);
      g_assert_cmpint (mnemonic_of (label), ==, keys[i].key);
    }
  for (guint i = 0; i < G_N_ELEMENTS (window); i++)
    {
      g_autofree char *label = label_of (MCR_TYPE_SCREEN, window[i]);
      char key[8] = { 0 };

      g_unichar_to_utf8 (mnemonic_of (label), key);
      g_assert_null (strstr (seen->str, key));
      g_string_append (seen, key);
    }
  /* Pass, the bar's own. */
  mahjong_claim_bar_set_claims (bar, pung, 1, TRUE, 0);
  g_assert_cmpstr (mahjong_claim_bar_get_action (bar, 1), ==, "pass");
  g_assert_cmpint (mnemonic_of (gtk_button_get_label (GTK_BUTTON (mahjong_claim_bar_get_button (bar, 1)))), ==, 's');
  g_assert_null (strchr (seen->str, 's'));
  g_string_free (seen, TRUE);
  g_object_unref (bar);

  overlay = g_resources_lookup_data ("/io/github/parlorgames/Parlor/gtk/help-overlay.ui", 0, NULL);
  g_assert_nonnull (overlay);
  ui = g_bytes_get_data (overlay, NULL);
  g_assert_nonnull (strstr (ui, "Escape &lt;Alt&gt;s<"));
  g_assert_nonnull (strstr (ui, "&lt;Alt&gt;r &lt;Alt&gt;h<"));
  g_assert_nonnull (strstr (ui, "&lt;Alt&gt;t &lt;Alt&gt;h<"));
  g_assert_nonnull (strstr (ui, ">&lt;Alt&gt;p<"));
  g_assert_nonnull (strstr (ui, ">&lt;Alt&gt;k<"));
  g_assert_nonnull (strstr (ui, ">&lt;Alt&gt;1...&lt;Alt&gt;7<"));
  g_assert_null (strstr (ui, "&lt;Alt&gt;c"));
  /* Keys the toolkit would show by their raw names are said in words. */
  g_assert_null (strstr (ui, "Page_"));

  /* For a person to look at: the mahjong keys and the replay keys. */
  {
    g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/parlorgames/Parlor/gtk/help-overlay.ui");
    GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));

    gtk_window_set_default_size (shortcuts, 1280, 800);
    g_object_set (shortcuts, "section-name", "mahjong", NULL);
    gtk_window_present (shortcuts);
    ui_test_screenshot (GTK_WIDGET (shortcuts), "shortcuts-mahjong");
    g_object_set (shortcuts, "section-name", "replays", NULL);
    ui_test_screenshot (GTK_WIDGET (shortcuts), "shortcuts-replays");
    gtk_window_destroy (shortcuts);
  }
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  g_test_add_func ("/mahjong/claim-keys", test_claim_keys);

  g_test_add_func ("/mahjong/paint/every-tile", test_paint_every_tile);
  g_test_add_func ("/mahjong/paint/red-mark", test_paint_red_mark);
  g_test_add_func ("/mahjong/paint/accessible-names", test_accessible_names);
  g_test_add_func ("/mahjong/paint/screenshots", test_gallery_screenshots);
  g_test_add_func ("/mahjong/hand/sort-keys-activate", test_hand);
  g_test_add_func ("/mahjong/hand/full", test_hand_full);
  g_test_add_func ("/mahjong/river", test_river);
  g_test_add_func ("/mahjong/melds", test_melds);
  g_test_add_func ("/mahjong/claim-bar", test_claim_bar);
  g_test_add_func ("/mahjong/claim-bar/idle", test_claim_bar_idle);
  g_test_add_func ("/mahjong/table", test_table);
  g_test_add_func ("/mahjong/table/announce", test_table_announce);
  g_test_add_func ("/mahjong/table/state", test_table_state);

  return ui_test_run ();
}
