/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "triad-hand"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-draw.h"
#include "parlor-screen-util.h"
#include "triad-hand-view.h"

#define GAP 0.07      /* of a card's width */
#define RAISE 0.12    /* of a card's height */

struct _TriadHandView
{
  GtkWidget  parent_instance;

  char      *owner;       /* NULL for the viewer's own hand */
  TriadFace  face;
  TriadCard  cards[TRIAD_HAND_MAX];
  guint      n_cards;
  gboolean   known;
  gboolean   interactive;
  int        selected;

  double     origin_x;
  double     origin_y;
  double     card_w;
  double     card_h;

  GtkWidget *parts[TRIAD_HAND_MAX];   /* each card, named for screen readers */
};

G_DEFINE_FINAL_TYPE (TriadHandView, triad_hand_view, GTK_TYPE_WIDGET)

enum {
  SELECTION_CHANGED,
  CARD_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
is_mine (TriadHandView *self)
{
  return self->owner == NULL;
}

static void
layout (TriadHandView *self,
        double         width,
        double         height)
{
  /* Room for a full hand, so cards keep their place as the hand shrinks. */
  double units_w = TRIAD_HAND_MAX + (TRIAD_HAND_MAX + 1) * GAP;
  double avail_h = height / (1 + (is_mine (self) ? RAISE : 0) + 0.08);
  double row;

  triad_card_fit (width / units_w, avail_h, &self->card_w, &self->card_h);
  row = self->n_cards * self->card_w
        + (self->n_cards > 0 ? self->n_cards - 1 : 0) * GAP * self->card_w;
  self->origin_x = (width - row) / 2;
  self->origin_y = (height - self->card_h) / 2 + (is_mine (self) ? RAISE * self->card_h / 2 : 0);
}

static graphene_rect_t
card_rect (TriadHandView *self,
           guint          index)
{
  double y = self->origin_y;

  if (is_mine (self) && (int) index == self->selected)
    y -= RAISE * self->card_h;
  return GRAPHENE_RECT_INIT (self->origin_x + index * self->card_w * (1 + GAP), y,
                             self->card_w, self->card_h);
}

char *
triad_hand_view_describe (TriadHandView *self)
{
  g_autofree char *card = NULL;

  g_return_val_if_fail (TRIAD_IS_HAND_VIEW (self), NULL);

  if (self->n_cards == 0)
    return is_mine (self) ? g_strdup (_("Your hand is empty"))
                          /* Translators: "Computer’s hand is empty" */
                          : g_strdup_printf (_("%s’s hand is empty"), self->owner);
  if (!self->known)
    /* Translators: "Computer’s hand: 4 hidden cards" */
    return g_strdup_printf (ngettext ("%s’s hand: %u hidden card", "%s’s hand: %u hidden cards",
                                      self->n_cards), self->owner, self->n_cards);

  card = triad_card_to_text (&self->cards[self->selected]);
  if (is_mine (self))
    /* Translators: "Your hand, card 2 of 5: top 7, right 3, bottom 10, left 5" */
    return g_strdup_printf (_("Your hand, card %d of %u: %s"),
                            self->selected + 1, self->n_cards, card);
  /* Translators: "Computer’s hand, card 2 of 4: top 7, right 3, bottom 10, left 5" */
  return g_strdup_printf (_("%s’s hand, card %d of %u: %s"), self->owner, self->selected + 1,
                          self->n_cards, card);
}

static void
update_accessible (TriadHandView *self)
{
  g_autofree char *text = triad_hand_view_describe (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
  for (guint i = 0; i < TRIAD_HAND_MAX; i++)
    {
      g_autofree char *card = NULL;
      g_autofree char *name = NULL;

      gtk_widget_set_visible (self->parts[i], i < self->n_cards);
      if (i >= self->n_cards)
        continue;
      if (self->known)
        {
          card = triad_card_to_text (&self->cards[i]);
          /* Translators: one card of a hand: "Card 2 of 5: top 7, right 3, bottom 10, left 5" */
          name = g_strdup_printf (_("Card %u of %u: %s"), i + 1, self->n_cards, card);
        }
      else
        /* Translators: one card of a hand: "Card 2 of 4: hidden" */
        name = g_strdup_printf (_("Card %u of %u: hidden"), i + 1, self->n_cards);
      parlor_accessible_set_name (self->parts[i], name);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->parts[i]),
                                   GTK_ACCESSIBLE_STATE_SELECTED, self->known && (int) i == self->selected,
                                   -1);
    }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
update_label (TriadHandView *self)
{
  g_autofree char *label = is_mine (self) ? g_strdup (_("Your hand"))
                                          /* Translators: "Computer’s hand" */
                                          : g_strdup_printf (_("%s’s hand"), self->owner);

  parlor_accessible_set_name (GTK_WIDGET (self), label);
}

static void
triad_hand_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  TriadHandView *self = TRIAD_HAND_VIEW (widget);
  gboolean focused = gtk_widget_has_focus (widget);
  GdkRGBA fg;
  gboolean dark;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  dark = (fg.red + fg.green + fg.blue) > 1.5;

  layout (self, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  if (self->card_h < 12)
    return;

  /* Waiting for the other player: the hand rests, dimmed. */
  if (is_mine (self) && !self->interactive)
    gtk_snapshot_push_opacity (snapshot, 0.72);

  for (guint i = 0; i < self->n_cards; i++)
    {
      graphene_rect_t rect = card_rect (self, i);

      triad_card_snapshot (snapshot, widget, &rect, self->known ? &self->cards[i] : NULL,
                           self->known ? self->face : TRIAD_FACE_BACK);
    }

  if (is_mine (self) && !self->interactive)
    gtk_snapshot_pop (snapshot);

  if (self->n_cards > 0 && self->known && (focused || (is_mine (self) && self->interactive)))
    {
      graphene_rect_t rect = card_rect (self, self->selected), outer;
      GdkRGBA ring;
      double out = MAX (3, self->card_h * 0.03);

      if (focused)
        ring = dark ? (GdkRGBA) { 1, 1, 1, 0.9 } : (GdkRGBA) { 0, 0, 0, 0.75 };
      else
        gdk_rgba_parse (&ring, "#f6d32d");
      graphene_rect_inset_r (&rect, -out, -out, &outer);
      parlor_draw_ring (snapshot, &outer, focused ? 2 : 3, outer.size.width * 0.11, &ring);
    }
}

static void
triad_hand_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 420;
    }
  else
    {
      *minimum = 72;
      *natural = 130;
    }
}

void
triad_hand_view_select (TriadHandView *self,
                        int            index)
{
  g_return_if_fail (TRIAD_IS_HAND_VIEW (self));

  index = self->n_cards > 0 ? CLAMP (index, 0, (int) self->n_cards - 1) : 0;
  if (index == self->selected)
    return;
  self->selected = index;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

int
triad_hand_view_get_selected (TriadHandView *self)
{
  g_return_val_if_fail (TRIAD_IS_HAND_VIEW (self), 0);
  return self->selected;
}

const TriadCard *
triad_hand_view_get_selected_card (TriadHandView *self)
{
  g_return_val_if_fail (TRIAD_IS_HAND_VIEW (self), NULL);

  if (self->n_cards == 0 || !self->known)
    return NULL;
  return &self->cards[self->selected];
}

static int
hit_test (TriadHandView *self,
          double         x,
          double         y)
{
  for (guint i = 0; i < self->n_cards; i++)
    {
      graphene_rect_t rect = card_rect (self, i);

      if (graphene_rect_contains_point (&rect, &GRAPHENE_POINT_INIT (x, y)))
        return i;
    }
  return -1;
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            TriadHandView   *self)
{
  int index = hit_test (self, x, y);

  if (index < 0 || !self->known)
    return;
  if (is_mine (self) && !self->interactive)
    return;

  triad_hand_view_select (self, index);
  /* A double click plays the card where the board's cursor is. */
  if (n_press == 2 && is_mine (self))
    g_signal_emit (self, signals[CARD_ACTIVATED], 0, self->selected);
}

static gboolean
on_query_tooltip (GtkWidget     *widget,
                  int            x,
                  int            y,
                  gboolean       keyboard,
                  GtkTooltip    *tooltip,
                  TriadHandView *self)
{
  int index = keyboard ? self->selected : hit_test (self, x, y);
  g_autofree char *card = NULL;

  if (index < 0 || self->n_cards == 0)
    return FALSE;
  if (!self->known)
    {
      gtk_tooltip_set_text (tooltip, _("A hidden card"));
      return TRUE;
    }
  card = triad_card_to_text (&self->cards[index]);
  gtk_tooltip_set_text (tooltip, card);
  return TRUE;
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  TriadHandView *self = TRIAD_HAND_VIEW (widget);

  if (is_mine (self) && !self->interactive)
    return;
  triad_hand_view_select (self, self->selected + g_variant_get_int32 (param));
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  TriadHandView *self = TRIAD_HAND_VIEW (widget);

  if (is_mine (self) && self->interactive && self->n_cards > 0)
    g_signal_emit (self, signals[CARD_ACTIVATED], 0, self->selected);
}

static void
on_focus_changed (TriadHandView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
triad_hand_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  TriadHandView *self = TRIAD_HAND_VIEW (widget);

  layout (self, width, height);
  for (guint i = 0; i < self->n_cards; i++)
    {
      graphene_rect_t rect = card_rect (self, i);

      parlor_accessible_part_allocate (self->parts[i], &rect);
    }
}

static void
triad_hand_view_dispose (GObject *object)
{
  TriadHandView *self = TRIAD_HAND_VIEW (object);

  for (guint i = 0; i < TRIAD_HAND_MAX; i++)
    g_clear_pointer (&self->parts[i], gtk_widget_unparent);

  G_OBJECT_CLASS (triad_hand_view_parent_class)->dispose (object);
}

static void
triad_hand_view_finalize (GObject *object)
{
  TriadHandView *self = TRIAD_HAND_VIEW (object);

  g_free (self->owner);

  G_OBJECT_CLASS (triad_hand_view_parent_class)->finalize (object);
}

static void
triad_hand_view_class_init (TriadHandViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = triad_hand_view_dispose;
  object_class->finalize = triad_hand_view_finalize;
  widget_class->snapshot = triad_hand_view_snapshot;
  widget_class->measure = triad_hand_view_measure;
  widget_class->size_allocate = triad_hand_view_size_allocate;

  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[CARD_ACTIVATED] =
    g_signal_new ("card-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "hand.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "hand.activate", NULL, activate_action);
  parlor_widget_class_add_row_keys (widget_class, "hand.move", TRIAD_HAND_MAX, "hand.activate");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "hand.activate", NULL);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST_BOX);
  gtk_widget_class_set_css_name (widget_class, "triad-hand");
}

static void
triad_hand_view_init (TriadHandView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->face = TRIAD_FACE_BLUE;
  self->known = TRUE;
  for (guint i = 0; i < TRIAD_HAND_MAX; i++)
    {
      self->parts[i] = parlor_accessible_part_new (GTK_ACCESSIBLE_ROLE_LIST_ITEM);
      gtk_widget_set_parent (self->parts[i], GTK_WIDGET (self));
    }

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);

  update_label (self);
  update_accessible (self);
}

GtkWidget *
triad_hand_view_new (void)
{
  return g_object_new (TRIAD_TYPE_HAND_VIEW, NULL);
}

void
triad_hand_view_set_owner (TriadHandView *self,
                           const char    *owner_name,
                           TriadFace      face)
{
  g_return_if_fail (TRIAD_IS_HAND_VIEW (self));

  g_free (self->owner);
  self->owner = g_strdup (owner_name);
  self->face = face;
  update_label (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
triad_hand_view_set_cards (TriadHandView   *self,
                           const TriadCard *cards,
                           guint            n_cards,
                           gboolean         known)
{
  int before;

  g_return_if_fail (TRIAD_IS_HAND_VIEW (self));
  g_return_if_fail (n_cards <= TRIAD_HAND_MAX);
  g_return_if_fail (cards != NULL || n_cards == 0 || !known);

  before = self->selected;
  self->n_cards = n_cards;
  self->known = !!known;
  if (known && n_cards > 0)
    memcpy (self->cards, cards, n_cards * sizeof cards[0]);
  self->selected = n_cards > 0 ? MIN (self->selected, (int) n_cards - 1) : 0;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->selected != before)
    g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

guint
triad_hand_view_get_n_cards (TriadHandView *self)
{
  g_return_val_if_fail (TRIAD_IS_HAND_VIEW (self), 0);
  return self->n_cards;
}

gboolean
triad_hand_view_get_known (TriadHandView *self)
{
  g_return_val_if_fail (TRIAD_IS_HAND_VIEW (self), FALSE);
  return self->known;
}

void
triad_hand_view_set_interactive (TriadHandView *self,
                                 gboolean       interactive)
{
  g_return_if_fail (TRIAD_IS_HAND_VIEW (self));

  self->interactive = !!interactive;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
