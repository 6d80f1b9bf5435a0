// Types of pages.mjs, for its unit test (the bench itself is plain JavaScript run by node).
export declare function withoutSvc(html: string): string;
export declare function withoutEmbed(html: string): string;
export declare function withEmptyTag(html: string, scriptUrl: string): string | null;
