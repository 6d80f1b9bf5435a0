// A site's API keys for server-side conversions: create one (shown once), the list by prefix with when
// each was created and last used, and revoking one after a confirmation.
import { useEffect, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Button, Card, EmptyState, IndexTable, InlineStack, Text, TextField } from "@shopify/polaris";
import { ConfirmModal, useToast } from "~/components/admin/app-bridge";
import type { SiteApiKeyView } from "~/domain/sites/site-api-key";

type ApiKeyRow = SiteApiKeyView;

type KeyAction =
  | { intent: "create-key"; key: { id: string; name: string; prefix: string; key: string } }
  | { intent: "create-key"; fieldErrors: { name?: string } }
  | { intent: "revoke-key"; revoked: string };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-GB", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" }) + " UTC" : "Never");

export function ApiKeysCard({ keys }: { keys: ApiKeyRow[] }) {
  const toast = useToast();
  const create = useFetcher<KeyAction>();
  const revoke = useFetcher<KeyAction>();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);

  useEffect(() => {
    const data = create.data;
    if (create.state !== "idle" || !data || data.intent !== "create-key" || !("key" in data)) return;
    setCreated({ name: data.key.name, key: data.key.key });
    setName("");
    toast("API key created");
  }, [create.state, create.data, toast]);

  useEffect(() => {
    const data = revoke.data;
    if (revoke.state !== "idle" || !data || data.intent !== "revoke-key") return;
    setRevoking(null);
    toast("API key revoked");
  }, [revoke.state, revoke.data, toast]);

  const nameError = create.data && "fieldErrors" in create.data ? create.data.fieldErrors.name : undefined;
  const submitCreate = () => create.submit({ intent: "create-key", name }, { method: "post" });

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            API keys
          </Text>
          <Text as="p" tone="subdued">
            For conversions your server sends to POST /api/conversions with Authorization: Bearer &lt;key&gt;.
          </Text>
        </BlockStack>
        {created && (
          <Banner tone="success" title={`Copy the key "${created.name}" now: it is not shown again`} onDismiss={() => setCreated(null)}>
            <Box padding="200" background="bg-surface-secondary" borderRadius="200">
              <Text as="p" breakWord>
                <code data-svc-new-key="">{created.key}</code>
              </Text>
            </Box>
          </Banner>
        )}
        <InlineStack gap="200" blockAlign="end">
          <div style={{ flexGrow: 1 }}>
            <TextField label="Key name" autoComplete="off" value={name} onChange={setName} error={nameError} placeholder="CRM" />
          </div>
          <Button variant="primary" onClick={submitCreate} loading={create.state !== "idle"}>
            Create API key
          </Button>
        </InlineStack>
        {keys.length === 0 ? (
          <EmptyState heading="No API key yet" image="">
            <p>Name a key after the system that will send conversions, then create it.</p>
          </EmptyState>
        ) : (
          <IndexTable
            resourceName={{ singular: "API key", plural: "API keys" }}
            itemCount={keys.length}
            selectable={false}
            headings={[{ title: "Name" }, { title: "Key" }, { title: "Created" }, { title: "Last used" }, { title: "Status" }, { title: "" }]}
          >
            {keys.map((key, index) => (
              <IndexTable.Row id={key.id} key={key.id} position={index}>
                <IndexTable.Cell>{key.name}</IndexTable.Cell>
                <IndexTable.Cell>
                  <code>{`${key.prefix}…`}</code>
                </IndexTable.Cell>
                <IndexTable.Cell>{when(key.createdAt)}</IndexTable.Cell>
                <IndexTable.Cell>{when(key.lastUsedAt)}</IndexTable.Cell>
                <IndexTable.Cell>{key.revokedAt ? <Badge>Revoked</Badge> : <Badge tone="success">Active</Badge>}</IndexTable.Cell>
                <IndexTable.Cell>
                  {!key.revokedAt && (
                    <Button tone="critical" variant="plain" onClick={() => setRevoking(key)} accessibilityLabel={`Revoke ${key.name}`}>
                      Revoke
                    </Button>
                  )}
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </BlockStack>
      <ConfirmModal
        open={revoking !== null}
        title="Revoke this API key?"
        onClose={() => setRevoking(null)}
        confirm={{
          label: "Revoke key",
          destructive: true,
          loading: revoke.state !== "idle",
          onAction: () => revoking && revoke.submit({ intent: "revoke-key", keyId: revoking.id }, { method: "post" }),
        }}
      >
        <Text as="p">
          {revoking ? `Conversions sent with "${revoking.name}" (${revoking.prefix}…) will be refused at once. This cannot be undone.` : ""}
        </Text>
      </ConfirmModal>
    </Card>
  );
}
