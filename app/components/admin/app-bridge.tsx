// The admin's one door to App Bridge: navigation, save bar, confirmation modal and toasts that use App
// Bridge inside Shopify admin and fall back to Polaris or plain markup in the local demo, where App
// Bridge's SaveBar, Modal and useAppBridge() throw (docs/decisions, shared platform note §8).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { Link as RemixLink } from "@remix-run/react";
import { Modal as BridgeModal, NavMenu, SaveBar as BridgeSaveBar, TitleBar } from "@shopify/app-bridge-react";
import { Box, Button, InlineStack, Modal as PolarisModal, Text } from "@shopify/polaris";

interface Toast {
  id: number;
  message: string;
  isError: boolean;
}

interface AdminShell {
  embedded: boolean;
  showToast(message: string, options?: { isError?: boolean }): void;
}

const ShellContext = createContext<AdminShell>({ embedded: false, showToast: () => {} });

/** Whether the page runs inside Shopify admin (App Bridge present) or in the local demo. */
export const useEmbedded = () => useContext(ShellContext).embedded;

/** Shows a short message: App Bridge's toast in the admin, a Polaris-styled status line in the demo. */
export const useToast = () => useContext(ShellContext).showToast;

const TOAST_MS = 5000;

/** Wraps every admin page; `embedded` is false in the local demo. */
export function AdminShellProvider({ embedded, children }: { embedded: boolean; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const showToast = useCallback(
    (message: string, options: { isError?: boolean } = {}) => {
      if (embedded) {
        window.shopify.toast.show(message, { isError: options.isError ?? false });
        return;
      }
      const toast = { id: Date.now() + Math.random(), message, isError: options.isError ?? false };
      setToasts((all) => [...all, toast]);
      window.setTimeout(() => setToasts((all) => all.filter((t) => t.id !== toast.id)), TOAST_MS);
    },
    [embedded],
  );
  const shell = useMemo(() => ({ embedded, showToast }), [embedded, showToast]);
  return (
    <ShellContext.Provider value={shell}>
      {children}
      {!embedded && toasts.length > 0 && (
        <div style={{ position: "fixed", bottom: 24, left: "50%", transform: "translateX(-50%)", zIndex: 520 }}>
          {toasts.map((t) => (
            <div key={t.id} role={t.isError ? "alert" : "status"} data-svc-toast="">
              <Box padding="300" background={t.isError ? "bg-fill-critical" : "bg-fill-inverse"} borderRadius="200">
                <Text as="span" tone="text-inverse">
                  {t.message}
                </Text>
              </Box>
            </div>
          ))}
        </div>
      )}
    </ShellContext.Provider>
  );
}

export interface NavItem {
  to: string;
  label: string;
}

/** The app's navigation: App Bridge's NavMenu in the admin (the first item is home), links in the demo. */
export function AdminNav({ items }: { items: NavItem[] }) {
  const embedded = useEmbedded();
  if (embedded) {
    return (
      <NavMenu>
        {items.map((item, i) => (
          <RemixLink key={item.to} to={item.to} {...(i === 0 && { rel: "home" })}>
            {item.label}
          </RemixLink>
        ))}
      </NavMenu>
    );
  }
  return (
    <nav aria-label="svc">
      <Box paddingBlock="300" paddingInline="400" borderBlockEndWidth="025" borderColor="border" background="bg-surface">
        <InlineStack gap="400">
          {items.map((item) => (
            <RemixLink key={item.to} to={item.to}>
              {item.label}
            </RemixLink>
          ))}
        </InlineStack>
      </Box>
    </nav>
  );
}

export interface SaveBarProps {
  /** Shown while the form differs from what is saved. */
  open: boolean;
  saving?: boolean;
  onSave(): void;
  onDiscard(): void;
}

/** The contextual save bar for unsaved changes: App Bridge's in the admin, a sticky bar in the demo. */
export function UnsavedChangesBar({ open, saving, onSave, onDiscard }: SaveBarProps) {
  const embedded = useEmbedded();
  if (embedded) {
    return (
      <BridgeSaveBar id="svc-save-bar" open={open}>
        <button variant="primary" onClick={onSave} disabled={saving} {...(saving && { loading: "" })}></button>
        <button onClick={onDiscard} disabled={saving}></button>
      </BridgeSaveBar>
    );
  }
  if (!open) return null;
  return (
    <div style={{ position: "sticky", top: 0, zIndex: 510 }} role="region" aria-label="Unsaved changes">
      <Box padding="300" background="bg-fill-inverse" borderRadius="200">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="span" tone="text-inverse">
            Unsaved changes
          </Text>
          <InlineStack gap="200">
            <Button onClick={onDiscard} disabled={saving}>
              Discard
            </Button>
            <Button variant="primary" onClick={onSave} loading={saving}>
              Save
            </Button>
          </InlineStack>
        </InlineStack>
      </Box>
    </div>
  );
}

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** The button that carries out the action. */
  confirm: { label: string; destructive?: boolean; loading?: boolean; disabled?: boolean; onAction(): void };
  onClose(): void;
  children: ReactNode;
}

/** Asks before anything destructive or final: App Bridge's modal in the admin, Polaris' in the demo. */
export function ConfirmModal({ open, title, confirm, onClose, children }: ConfirmModalProps) {
  const embedded = useEmbedded();
  if (embedded) {
    return (
      <BridgeModal id="svc-confirm-modal" open={open} onHide={onClose}>
        <Box padding="400">{children}</Box>
        <TitleBar title={title}>
          <button
            variant="primary"
            {...(confirm.destructive && { tone: "critical" })}
            onClick={confirm.onAction}
            disabled={confirm.disabled || confirm.loading}
          >
            {confirm.label}
          </button>
          <button onClick={onClose}>Cancel</button>
        </TitleBar>
      </BridgeModal>
    );
  }
  return (
    <PolarisModal
      open={open}
      onClose={onClose}
      title={title}
      primaryAction={{
        content: confirm.label,
        destructive: confirm.destructive,
        loading: confirm.loading,
        disabled: confirm.disabled,
        onAction: confirm.onAction,
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <PolarisModal.Section>{children}</PolarisModal.Section>
    </PolarisModal>
  );
}
