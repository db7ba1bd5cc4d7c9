{{/* Labels every object carries; `component` names the workload. */}}
{{- define "cine.labels" -}}
app.kubernetes.io/name: cine
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end }}

{{- define "cine.selector" -}}
app.kubernetes.io/name: cine
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "cine.fullname" -}}
{{- printf "%s-%s" .root.Release.Name .component | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* <registry>/<repository>:<tag>, the tag its own value per workload. */}}
{{- define "cine.image" -}}
{{- printf "%s/%s:%s" .root.Values.imageRegistry .image.repository (.image.tag | default .root.Chart.AppVersion) }}
{{- end }}

{{- define "cine.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" .Release.Name) }}
{{- end }}

{{/* Pod annotations: the scrape config of a Prometheus that reads annotations (no ServiceMonitor). */}}
{{- define "cine.podAnnotations" -}}
checksum/config: {{ include (print .Template.BasePath "/configmap.yaml") . | sha256sum }}
{{- if .Values.metrics.enabled }}
prometheus.io/scrape: "true"
prometheus.io/port: {{ .Values.metrics.port | quote }}
prometheus.io/path: {{ .Values.metrics.path | quote }}
{{- end }}
{{- end }}

{{/*
MONGO_URL and AMQP_URL: built from the operators' resources (the user's password and the
RabbitMQ default user from their Secrets, by Kubernetes' $(VAR) expansion), or read from the
chart's Secret for servers of your own.
*/}}
{{- define "cine.brokerAndDatabaseEnv" -}}
{{- $readPreference := .readPreference | default "primary" }}
{{- $namespace := .root.Release.Namespace }}
{{- with .root }}
{{- $secret := include "cine.secretName" . }}
{{- if .Values.mongodb.operator }}
{{- $m := .Values.mongodb }}
- name: MONGO_PASSWORD
  valueFrom:
    secretKeyRef: { name: {{ $m.passwordSecret }}, key: password }
{{- $hosts := list }}
{{- range $i := until (int $m.members) }}
{{- $hosts = append $hosts (printf "%s-%d.%s-svc.%s.svc.cluster.local:27017" $m.name $i $m.name $namespace) }}
{{- end }}
- name: MONGO_URL
  value: {{ printf "mongodb://%s:$(MONGO_PASSWORD)@%s/?%s&readPreference=%s" $m.user (join "," $hosts) (tpl $m.options .) $readPreference | quote }}
{{- else }}
- name: MONGO_URL
  valueFrom:
    secretKeyRef: { name: {{ $secret }}, key: MONGO_URL }
{{- end }}
{{- if .Values.rabbitmq.operator }}
{{- $r := .Values.rabbitmq }}
- name: AMQP_USER
  valueFrom:
    secretKeyRef: { name: {{ printf "%s-default-user" $r.name }}, key: username }
- name: AMQP_PASSWORD
  valueFrom:
    secretKeyRef: { name: {{ printf "%s-default-user" $r.name }}, key: password }
- name: AMQP_URL
  value: {{ printf "amqp://$(AMQP_USER):$(AMQP_PASSWORD)@%s.%s.svc.cluster.local:5672/" $r.name .Release.Namespace | quote }}
- name: AMQP_QUEUE_TYPE
  value: {{ $r.queueType | quote }}
{{- else }}
- name: AMQP_URL
  valueFrom:
    secretKeyRef: { name: {{ $secret }}, key: AMQP_URL }
- name: AMQP_QUEUE_TYPE
  value: {{ .Values.rabbitmq.queueType | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* A container's named Secret keys as variables; optional ones may be absent from the Secret. */}}
{{- define "cine.secretEnv" -}}
{{- $secret := include "cine.secretName" .root }}
{{- range .keys }}
{{- if not (and (eq . "STRIPE_SECRET_KEY") $.root.Values.payments.offlineTestProvider) }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ . }}
      {{- if eq . "SMTP_URL" }}
      optional: true
      {{- end }}
{{- end }}
{{- end }}
{{- end }}

{{/* The pod-level hardening every workload shares: the images run as a non-root user. */}}
{{- define "cine.securityContext" -}}
securityContext:
  runAsNonRoot: true
  seccompProfile: { type: RuntimeDefault }
{{- end }}

{{- define "cine.containerSecurity" -}}
securityContext:
  allowPrivilegeEscalation: false
  capabilities: { drop: [ALL] }
{{- end }}

{{/* A PodDisruptionBudget and, when asked, a HorizontalPodAutoscaler on CPU. */}}
{{- define "cine.availability" -}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "cine.fullname" . }}
  labels:
    {{- include "cine.labels" . | nindent 4 }}
spec:
  minAvailable: {{ .spec.pdb.minAvailable }}
  selector:
    matchLabels:
      {{- include "cine.selector" . | nindent 6 }}
{{- if .spec.autoscaling.enabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "cine.fullname" . }}
  labels:
    {{- include "cine.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "cine.fullname" . }}
  minReplicas: {{ .spec.autoscaling.minReplicas }}
  maxReplicas: {{ .spec.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .spec.autoscaling.targetCPUUtilizationPercentage }}
{{- end }}
{{- end }}
