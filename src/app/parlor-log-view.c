/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-log-view"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-log-view.h"

struct _ParlorLogView
{
  GtkWidget      parent_instance;

  GtkWidget     *scroller;
  GtkWidget     *placeholder;
  GtkTextView   *text_view;
  GtkTextBuffer *buffer;
  GtkTextMark   *end;
  guint          scroll_id;
};

G_DEFINE_FINAL_TYPE (ParlorLogView, parlor_log_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PLACEHOLDER_TEXT,
  PROP_ACCESSIBLE_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The placeholder shows while the log is empty, over the empty text. */
static void
update_placeholder (ParlorLogView *self)
{
  const char *text = gtk_label_get_text (GTK_LABEL (self->placeholder));

  gtk_widget_set_visible (self->placeholder,
                          *text != '\0' && gtk_text_buffer_get_char_count (self->buffer) == 0);
}

static void
parlor_log_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ParlorLogView *self = PARLOR_LOG_VIEW (object);

  switch (prop_id)
    {
    case PROP_PLACEHOLDER_TEXT:
      g_value_set_string (value, gtk_label_get_text (GTK_LABEL (self->placeholder)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_log_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ParlorLogView *self = PARLOR_LOG_VIEW (object);

  switch (prop_id)
    {
    case PROP_PLACEHOLDER_TEXT:
      parlor_log_view_set_placeholder_text (self, g_value_get_string (value));
      break;
    case PROP_ACCESSIBLE_NAME:
      parlor_log_view_set_accessible_name (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
parlor_log_view_dispose (GObject *object)
{
  ParlorLogView *self = PARLOR_LOG_VIEW (object);

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->placeholder, gtk_widget_unparent);

  G_OBJECT_CLASS (parlor_log_view_parent_class)->dispose (object);
}

/* The text inside takes the focus (to read the log with the keyboard). */
static gboolean
parlor_log_view_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (PARLOR_LOG_VIEW (widget)->text_view));
}

static void
parlor_log_view_class_init (ParlorLogViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = parlor_log_view_dispose;
  object_class->get_property = parlor_log_view_get_property;
  object_class->set_property = parlor_log_view_set_property;

  /* What an empty log says, e.g. what to do first (empty: nothing). */
  properties[PROP_PLACEHOLDER_TEXT] =
    g_param_spec_string ("placeholder-text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* What assistive technology calls the log ("Game log" by default). */
  properties[PROP_ACCESSIBLE_NAME] =
    g_param_spec_string ("accessible-name", NULL, NULL, NULL,
                         G_PARAM_WRITABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->grab_focus = parlor_log_view_grab_focus;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "parlor-log-view");
}

static void
parlor_log_view_init (ParlorLogView *self)
{
  GtkTextIter end;

  self->buffer = gtk_text_buffer_new (NULL);
  gtk_text_buffer_create_tag (self->buffer, "emphasis", "weight", PANGO_WEIGHT_BOLD, NULL);
  self->text_view = GTK_TEXT_VIEW (gtk_text_view_new_with_buffer (self->buffer));
  g_object_unref (self->buffer);
  gtk_text_view_set_editable (self->text_view, FALSE);
  gtk_text_view_set_cursor_visible (self->text_view, FALSE);
  gtk_text_view_set_wrap_mode (self->text_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (self->text_view, 12);
  gtk_text_view_set_right_margin (self->text_view, 12);
  gtk_text_view_set_top_margin (self->text_view, 8);
  gtk_text_view_set_bottom_margin (self->text_view, 8);
  gtk_text_view_set_pixels_below_lines (self->text_view, 4);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->text_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game log"), -1);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->text_view));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  /* A bin layout stacks its children: the placeholder lies over the text. */
  self->placeholder = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->placeholder), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->placeholder), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (self->placeholder), GTK_JUSTIFY_CENTER);
  gtk_widget_set_margin_start (self->placeholder, 18);
  gtk_widget_set_margin_end (self->placeholder, 18);
  gtk_widget_set_margin_top (self->placeholder, 12);
  gtk_widget_set_margin_bottom (self->placeholder, 12);
  gtk_widget_set_halign (self->placeholder, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (self->placeholder, GTK_ALIGN_CENTER);
  gtk_widget_set_can_target (self->placeholder, FALSE);
  gtk_widget_add_css_class (self->placeholder, "dim-label");
  gtk_widget_set_visible (self->placeholder, FALSE);
  gtk_widget_set_parent (self->placeholder, GTK_WIDGET (self));

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  self->end = gtk_text_buffer_create_mark (self->buffer, "end", &end, FALSE);
}

GtkWidget *
parlor_log_view_new (void)
{
  return g_object_new (PARLOR_TYPE_LOG_VIEW, NULL);
}

/* Scrolled once the new text is laid out, or the view jumps too far. */
static gboolean
scroll_to_end (gpointer data)
{
  ParlorLogView *self = data;

  self->scroll_id = 0;
  gtk_text_view_scroll_mark_onscreen (self->text_view, self->end);
  return G_SOURCE_REMOVE;
}

void
parlor_log_view_append (ParlorLogView *self,
                        const char    *text,
                        gboolean       emphasis)
{
  GtkTextIter end;

  g_return_if_fail (PARLOR_IS_LOG_VIEW (self));
  g_return_if_fail (text != NULL);

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  if (gtk_text_buffer_get_char_count (self->buffer) > 0)
    gtk_text_buffer_insert (self->buffer, &end, "\n", 1);
  if (emphasis)
    gtk_text_buffer_insert_with_tags_by_name (self->buffer, &end, text, -1, "emphasis", NULL);
  else
    gtk_text_buffer_insert (self->buffer, &end, text, -1);

  gtk_text_buffer_get_end_iter (self->buffer, &end);
  gtk_text_buffer_move_mark (self->buffer, self->end, &end);
  update_placeholder (self);
  if (self->scroll_id == 0)
    self->scroll_id = g_idle_add (scroll_to_end, self);
}

void
parlor_log_view_clear (ParlorLogView *self)
{
  g_return_if_fail (PARLOR_IS_LOG_VIEW (self));
  gtk_text_buffer_set_text (self->buffer, "", 0);
  update_placeholder (self);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
}

char *
parlor_log_view_get_text (ParlorLogView *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (PARLOR_IS_LOG_VIEW (self), NULL);

  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  return gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
}

void
parlor_log_view_set_placeholder_text (ParlorLogView *self,
                                      const char    *text)
{
  g_return_if_fail (PARLOR_IS_LOG_VIEW (self));

  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (self->placeholder)), text != NULL ? text : "") == 0)
    return;
  gtk_label_set_text (GTK_LABEL (self->placeholder), text != NULL ? text : "");
  update_placeholder (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLACEHOLDER_TEXT]);
}

void
parlor_log_view_set_accessible_name (ParlorLogView *self,
                                     const char    *name)
{
  g_return_if_fail (PARLOR_IS_LOG_VIEW (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->text_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name != NULL ? name : _("Game log"), -1);
}

/* Whether the empty log's placeholder is what the view shows. */
gboolean
parlor_log_view_shows_placeholder (ParlorLogView *self)
{
  g_return_val_if_fail (PARLOR_IS_LOG_VIEW (self), FALSE);
  return gtk_widget_get_visible (self->placeholder);
}
