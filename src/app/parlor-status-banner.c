/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-status-banner"

#include "config.h"

#include "parlor-status-banner.h"

/* A spinner draws sixty frames a second: a wait longer than this shows a still sign. */
#define SPIN_SECONDS 3

struct _ParlorStatusBanner
{
  GtkWidget         parent_instance;

  GtkWidget        *spinner;
  GtkWidget        *icon;
  GtkWidget        *text_box;
  GtkLabel         *title_label;
  GtkLabel         *detail_label;

  ParlorStatusKind  kind;
  guint             still_id;
};

G_DEFINE_FINAL_TYPE (ParlorStatusBanner, parlor_status_banner, GTK_TYPE_WIDGET)

/* libadwaita 1.2 has no banner: a tinted strip in its named colours, which
 * follow the light and dark styles. */
static const char banner_css[] =
  "parlor-status-banner {"
  "  padding: 10px 18px;"
  "  background-color: alpha(@accent_bg_color, 0.12);"
  "  border-bottom: 1px solid alpha(currentColor, 0.1);"
  "}"
  "parlor-status-banner.error { background-color: alpha(@error_bg_color, 0.16); }"
  "parlor-status-banner.error > image,"
  "parlor-status-banner.error .heading { color: @error_color; }"
  "parlor-status-banner.ready > image { color: @success_color; }";

static void
parlor_status_banner_dispose (GObject *object)
{
  ParlorStatusBanner *self = PARLOR_STATUS_BANNER (object);

  g_clear_handle_id (&self->still_id, g_source_remove);
  g_clear_pointer (&self->spinner, gtk_widget_unparent);
  g_clear_pointer (&self->icon, gtk_widget_unparent);
  g_clear_pointer (&self->text_box, gtk_widget_unparent);

  G_OBJECT_CLASS (parlor_status_banner_parent_class)->dispose (object);
}

static void
parlor_status_banner_class_init (ParlorStatusBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GdkDisplay *display = gdk_display_get_default ();

  object_class->dispose = parlor_status_banner_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "parlor-status-banner");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);

  if (display != NULL)
    {
      g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

      gtk_css_provider_load_from_data (provider, banner_css, -1);
      gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
}

static void
parlor_status_banner_init (ParlorStatusBanner *self)
{
  GtkBoxLayout *layout = GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));

  gtk_box_layout_set_spacing (layout, 12);

  self->spinner = gtk_spinner_new ();
  gtk_widget_set_valign (self->spinner, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->spinner, GTK_WIDGET (self));

  self->icon = gtk_image_new ();
  gtk_widget_set_valign (self->icon, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->icon, GTK_WIDGET (self));

  self->text_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (self->text_box, TRUE);
  gtk_widget_set_valign (self->text_box, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->text_box, GTK_WIDGET (self));

  self->title_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->title_label, TRUE);
  gtk_label_set_wrap_mode (self->title_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->title_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "heading");
  gtk_box_append (GTK_BOX (self->text_box), GTK_WIDGET (self->title_label));

  self->detail_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->detail_label, TRUE);
  gtk_label_set_wrap_mode (self->detail_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->detail_label, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->detail_label), FALSE);
  gtk_box_append (GTK_BOX (self->text_box), GTK_WIDGET (self->detail_label));

  parlor_status_banner_set (self, PARLOR_STATUS_BUSY, "", NULL);
}

GtkWidget *
parlor_status_banner_new (void)
{
  return g_object_new (PARLOR_TYPE_STATUS_BANNER, NULL);
}

static gboolean
on_still (gpointer data)
{
  ParlorStatusBanner *self = data;

  self->still_id = 0;
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), FALSE);
  gtk_widget_set_visible (self->spinner, FALSE);
  gtk_image_set_from_icon_name (GTK_IMAGE (self->icon), "content-loading-symbolic");
  gtk_widget_set_visible (self->icon, TRUE);
  return G_SOURCE_REMOVE;
}

void
parlor_status_banner_set (ParlorStatusBanner *self,
                          ParlorStatusKind    kind,
                          const char         *title,
                          const char         *detail)
{
  gboolean busy = kind == PARLOR_STATUS_BUSY;

  g_return_if_fail (PARLOR_IS_STATUS_BANNER (self));
  g_return_if_fail (title != NULL);

  self->kind = kind;
  g_clear_handle_id (&self->still_id, g_source_remove);
  if (busy)
    self->still_id = g_timeout_add_seconds (SPIN_SECONDS, on_still, self);
  gtk_widget_set_visible (self->spinner, busy);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), busy);
  gtk_widget_set_visible (self->icon, !busy);
  gtk_image_set_from_icon_name (GTK_IMAGE (self->icon),
                                kind == PARLOR_STATUS_ERROR ? "dialog-error-symbolic"
                                                            : "emblem-ok-symbolic");
  if (kind == PARLOR_STATUS_ERROR)
    gtk_widget_add_css_class (GTK_WIDGET (self), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "error");
  if (kind == PARLOR_STATUS_READY)
    gtk_widget_add_css_class (GTK_WIDGET (self), "ready");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "ready");

  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->detail_label, detail != NULL ? detail : "");
  gtk_widget_set_visible (GTK_WIDGET (self->detail_label), detail != NULL && *detail != '\0');

  /* A status: screen readers tell of each change of its name. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, detail != NULL ? detail : "",
                                  -1);
}

ParlorStatusKind
parlor_status_banner_get_kind (ParlorStatusBanner *self)
{
  g_return_val_if_fail (PARLOR_IS_STATUS_BANNER (self), PARLOR_STATUS_BUSY);
  return self->kind;
}

const char *
parlor_status_banner_get_title (ParlorStatusBanner *self)
{
  g_return_val_if_fail (PARLOR_IS_STATUS_BANNER (self), NULL);
  return gtk_label_get_text (self->title_label);
}

const char *
parlor_status_banner_get_detail (ParlorStatusBanner *self)
{
  g_return_val_if_fail (PARLOR_IS_STATUS_BANNER (self), NULL);
  return gtk_label_get_text (self->detail_label);
}
