"""Turning a message body (JSON plus uploaded files) into a posted or edited ``Message``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import mentions
from .world import EPHEMERAL, LOADING, Attachment, Message, World

#: Flags a bot may set when posting: suppress embeds, ephemeral, suppress notifications, components v2.
SETTABLE_FLAGS = (1 << 2) | EPHEMERAL | (1 << 12) | (1 << 15)


@dataclass(frozen=True)
class Upload:
    """One uploaded file part of a multipart request (``files[n]``)."""

    field: str
    filename: str
    content_type: str | None
    data: bytes

    @property
    def index(self) -> int | None:
        inner = self.field.removeprefix("files[").removesuffix("]")
        return int(inner) if inner.isdigit() else None


def new_attachments(
    world: World, payload: Mapping[str, Any], uploads: Sequence[Upload], url_base: str, channel_id: str
) -> list[Attachment]:
    """Attachments for the uploaded files, with the filename and description the payload gives each."""
    described = {str(a.get("id")): a for a in payload.get("attachments") or [] if isinstance(a, Mapping)}
    made = []
    for upload in uploads:
        meta = described.get(str(upload.index), {})
        attachment_id = world.ids.next()
        filename = meta.get("filename") or upload.filename
        attachment = Attachment(
            id=attachment_id,
            filename=filename,
            data=upload.data,
            content_type=upload.content_type,
            description=meta.get("description"),
            url=f"{url_base}/attachments/{channel_id}/{attachment_id}/{filename}",
        )
        world.uploads[attachment.id] = attachment
        made.append(attachment)
    return made


def create_message(
    world: World,
    channel_id: str,
    payload: Mapping[str, Any],
    uploads: Sequence[Upload],
    url_base: str,
    **fields: Any,
) -> Message:
    """A new message from a create body; ``fields`` sets author, interaction and visibility."""
    message = Message(
        id=world.ids.next(),
        channel_id=channel_id,
        created_at=world.clock.now(),
        content=payload.get("content") or "",
        embeds=list(payload.get("embeds") or []),
        components=list(payload.get("components") or []),
        attachments=new_attachments(world, payload, uploads, url_base, channel_id),
        flags=int(payload.get("flags") or 0) & SETTABLE_FLAGS,
        allowed_mentions=payload.get("allowed_mentions"),
        message_reference=payload.get("message_reference"),
        tts=bool(payload.get("tts")),
        **fields,
    )
    world.messages[message.id] = message
    mentions.resolve(world, message, notify=True)
    return message


def edit_message(
    world: World, message: Message, payload: Mapping[str, Any], uploads: Sequence[Upload], url_base: str
) -> None:
    """Apply an edit body: fields present replace the old ones; kept attachments are listed by id."""
    if "content" in payload:
        message.content = payload["content"] or ""
    if "embeds" in payload:
        message.embeds = list(payload["embeds"] or [])
    if "components" in payload:
        message.components = list(payload["components"] or [])
    if "flags" in payload and payload["flags"] is not None:
        # Only "suppress embeds" may change on an existing message; ephemerality stays.
        message.flags = (message.flags & ~(1 << 2)) | (int(payload["flags"]) & (1 << 2))
    if "allowed_mentions" in payload:
        message.allowed_mentions = payload["allowed_mentions"]
    elif "content" in payload:
        # New content is parsed with the default allowances, whatever the message was first sent with
        # (message.mdx, "Edit Message").
        message.allowed_mentions = None
    if "attachments" in payload:
        # "the attachments array must contain all attachments that should be present after edit,
        # including retained and new attachments" (message.mdx, "Edit Message"): a file uploaded but not
        # listed there is not attached; without the array, uploads are appended.
        kept_ids = {str(a.get("id")) for a in payload["attachments"] or []}
        message.attachments = [a for a in message.attachments if a.id in kept_ids]
        uploads = [u for u in uploads if str(u.index) in kept_ids]
    message.attachments += new_attachments(world, payload, uploads, url_base, message.channel_id)
    message.flags &= ~LOADING
    message.edited_at = world.clock.now()
    mentions.resolve(world, message, notify=False)
